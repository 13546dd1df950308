// Reads one FRBR level (FRBRWork, FRBRExpression, FRBRManifestation) of an AKN identification
// block into plain values; blank attributes are treated as absent.
import type { Element } from '@xmldom/xmldom';
import { attr, childElements, firstChild, localName } from './dom.js';

export interface FrbrDate {
  date: string;
  name?: string;
}

export interface FrbrLevel {
  this?: string;
  uri?: string;
  dates: FrbrDate[];
  aliases: { name?: string; value: string }[];
  authorHref?: string;
  language?: string;
  number?: string;
  subtype?: string;
}

export function readFrbrLevel(identification: Element | undefined, levelName: string): FrbrLevel {
  const level = firstChild(identification, levelName);
  const children = level ? childElements(level) : [];
  const valueOf = (name: string) =>
    attr(
      children.find((child) => localName(child) === name),
      'value',
    );
  const all = (name: string) => children.filter((child) => localName(child) === name);
  return {
    this: valueOf('FRBRthis'),
    uri: valueOf('FRBRuri'),
    dates: all('FRBRdate').flatMap((date) => {
      const value = validDate(attr(date, 'date'));
      return value ? [{ date: value, name: attr(date, 'name') }] : [];
    }),
    aliases: all('FRBRalias').flatMap((alias) => {
      const value = attr(alias, 'value');
      return value ? [{ name: attr(alias, 'name'), value }] : [];
    }),
    authorHref: attr(all('FRBRauthor')[0], 'href'),
    language: attr(all('FRBRlanguage')[0], 'language'),
    number: valueOf('FRBRnumber'),
    subtype: valueOf('FRBRsubtype'),
  };
}

/**
 * A YYYY-MM-DD date, or undefined. Templates use 2999-01-01 / 2999-12-31 / 1001-01-01 as
 * "unknown" placeholders; those are not dates.
 */
export function validDate(value: string | undefined): string | undefined {
  const match = value?.match(/^(\d{4})-\d{2}-\d{2}/);
  if (!match?.[1]) return undefined;
  const year = Number(match[1]);
  return year > 1100 && year < 2999 ? match[0] : undefined;
}
