// Numbers of Czech and Slovak group headings as written: ordinal words ('DRUHÁ', 'DVACÁTÁ
// PRVNÍ'), Roman numerals or digits.
import { romanToNumber } from '../shared/numbers.js';

const ORDINAL_STEMS: Array<[string, number]> = [
  ['prvn', 1],
  ['prv', 1],
  ['druh', 2],
  ['třet', 3],
  ['tret', 3],
  ['čtvrt', 4],
  ['štvrt', 4],
  ['pát', 5],
  ['piat', 5],
  ['šest', 6],
  ['šiest', 6],
  ['sedm', 7],
  ['siedm', 7],
  ['osm', 8],
  ['ôsm', 8],
  ['devát', 9],
  ['deviat', 9],
  ['desát', 10],
  ['desiat', 10],
  ['jedenáct', 11],
  ['dvanáct', 12],
  ['třináct', 13],
  ['čtrnáct', 14],
  ['patnáct', 15],
  ['šestnáct', 16],
  ['sedmnáct', 17],
  ['osmnáct', 18],
  ['devatenáct', 19],
  ['dvacát', 20],
  ['třicát', 30],
];

function ordinalWordValue(word: string): number | undefined {
  const stem = word.toLowerCase().replace(/(á|ý|í|é|ia|ie|a|y)$/u, '');
  return ORDINAL_STEMS.find(([s]) => s === stem)?.[1];
}

/** 'PRVNÍ' → 1, 'I' → 1, '3' → 3, 'DVACÁTÁ PRVNÍ' → 21; undefined when it is not a number. */
export function parseCzechOrdinal(text: string): number | undefined {
  const cleaned = text.trim().replace(/\.$/, '');
  if (/^\d+$/.test(cleaned)) return Number(cleaned);
  const roman = romanToNumber(cleaned);
  if (roman !== undefined) return roman;
  const words = cleaned.split(/\s+/);
  let total = 0;
  for (const word of words) {
    const value = ordinalWordValue(word);
    if (value === undefined) return undefined;
    total += value;
  }
  return words.length > 0 ? total : undefined;
}
