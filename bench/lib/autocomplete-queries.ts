// What people type into autocomplete, drawn from the real titles and law numbers: title
// prefixes without diacritics, law numbers, one-typo words, single lowercase words.
import type { ParsedDocument } from '../../server/importers/model.js';
import { foldForSearch } from '../../src/shared/search-keys.js';
import { seededRandom } from './random.js';

export type QueryKind = 'prefix' | 'number' | 'typo' | 'word';

export interface AutocompleteQuery {
  kind: QueryKind;
  q: string;
}

const pick = <T>(items: readonly T[], random: () => number) => items[Math.floor(random() * items.length)]!;
const wordsOf = (title: string) => title.split(/[\s,.;:()„“"]+/u).filter((w) => w.length > 0);

function typo(word: string, random: () => number): string {
  const at = 1 + Math.floor(random() * (word.length - 2));
  switch (Math.floor(random() * 3)) {
    case 0: // a letter left out: 'ustava' -> 'ustva'
      return word.slice(0, at) + word.slice(at + 1);
    case 1: // two letters swapped: 'zakon' -> 'zakno'
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    default: // a letter doubled: 'hranic' -> 'hrannic'
      return word.slice(0, at) + word[at] + word.slice(at);
  }
}

export function autocompleteQueries(documents: ParsedDocument[], count: number, seed = 7): AutocompleteQuery[] {
  const random = seededRandom(seed);
  const titles = documents.map((d) => d.metadata.title);
  const numbers = documents.map((d) => /^(\d+\/\d{4})/.exec(d.externalId)?.[1]).filter((n): n is string => !!n);
  const words = [...new Set(titles.flatMap(wordsOf).filter((w) => w.length >= 4))];
  const queries: AutocompleteQuery[] = [];
  for (let i = 0; i < count; i++) {
    const roll = random();
    if (roll < 0.4) {
      // 'ustavni zakon o zme': the first words of a title, the last one cut short.
      const folded = wordsOf(foldForSearch(pick(titles, random)));
      const taken = folded.slice(0, 1 + Math.floor(random() * Math.min(4, folded.length)));
      const last = taken.pop()!;
      taken.push(last.slice(0, Math.max(2, Math.ceil(last.length * (0.4 + random() * 0.6)))));
      queries.push({ kind: 'prefix', q: taken.join(' ') });
    } else if (roll < 0.6) {
      // '110/1998', '1/1993 sb', or a number still being typed: '416/20'.
      const number = pick(numbers, random);
      const variant = random();
      const q = variant < 0.5 ? number : variant < 0.75 ? `${number} sb` : number.slice(0, number.indexOf('/') + 3);
      queries.push({ kind: 'number', q });
    } else if (roll < 0.8) {
      const word = foldForSearch(
        pick(
          words.filter((w) => w.length >= 5),
          random,
        ),
      );
      queries.push({ kind: 'typo', q: typo(word, random) });
    } else {
      // A lowercase word, with its diacritics half of the time: 'ústava', 'hranic'.
      const word = pick(words, random).toLowerCase();
      queries.push({ kind: 'word', q: random() < 0.5 ? word : foldForSearch(word) });
    }
  }
  return queries;
}
