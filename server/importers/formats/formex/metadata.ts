// Bibliographic data of a Formex act (title, kind, CELEX, ELI, OJ reference and date, authors,
// language), read from the component's own BIB.INSTANCE and, in a package, from the manifest.
import path from 'node:path';
import type { Element } from '@xmldom/xmldom';
import { child, childPath, descendants } from './dom.js';
import { textOf } from './text.js';

export interface Bibliography {
  title?: string;
  kind?: string;
  celex?: string;
  eli?: string;
  ojReference?: string;
  ojDate?: string;
  authors: string[];
}

const KIND_BY_LEGAL_VALUE: [RegExp, string][] = [
  [/^REG/, 'Regulation'],
  [/^DIR/, 'Directive'],
  [/^DEC/, 'Decision'],
  [/^REC/, 'Recommendation'],
];
const CELEX_TYPE_BY_KIND: Record<string, string> = { Regulation: 'R', Directive: 'L', Decision: 'D' };

export function bibliography(component: Element, manifest: Element | undefined): Bibliography {
  const title = textOf(childPath(component, 'TITLE', 'TI')) ?? manifestTitle(manifest);
  const legalValue = textOf(descendants(manifest ?? component, 'LEGAL.VALUE')[0]) ?? '';
  const kind = kindInTitle(title) ?? KIND_BY_LEGAL_VALUE.find(([re]) => re.test(legalValue))?.[1];
  const noDoc = childPath(manifest, 'BIB.DOC', 'NO.DOC') ?? childPath(component, 'BIB.INSTANCE', 'NO.DOC');
  const explicitCelex = textOf(descendants(manifest ?? component, 'NO.CELEX')[0]);
  const publication = child(manifest, 'PUBLICATION.REF');
  const eli = childPath(manifest, 'BIB.DOC', 'NO.ELI')?.getAttribute('ID') ?? undefined;
  const ojDate = isoDate(child(publication, 'DATE')?.getAttribute('ISO'));
  return {
    title,
    kind,
    celex: explicitCelex ?? celexFor(kind, noDoc),
    eli,
    ojReference: ojReference(publication ?? childPath(component, 'BIB.INSTANCE', 'DOCUMENT.REF'), manifest),
    ojDate,
    authors: [
      ...new Set(descendants(childPath(manifest, 'BIB.DOC') ?? component, 'AUTHOR').map((a) => textOf(a) ?? '')),
    ].filter(Boolean),
  };
}

/** LG.DOC ('EN') or the language letters in the OJ file name (L_202400903EN...). */
export function documentLanguage(component: Element, file: string): string {
  const declared = textOf(descendants(component, 'LG.DOC')[0]) ?? textOf(descendants(component, 'LG.OJ')[0]);
  const fromName = /_\d+([A-Z]{2})\./.exec(path.basename(file))?.[1];
  return (declared ?? fromName ?? 'en').toLowerCase();
}

function manifestTitle(manifest: Element | undefined): string | undefined {
  const titled = manifest ? descendants(manifest, 'TITLE').find((t) => child(t, 'TI')) : undefined;
  return textOf(child(titled, 'TI'));
}

/** 'Commission Implementing Regulation (EU) No 1319/2011 ...' -> 'Regulation'. */
function kindInTitle(title: string | undefined): string | undefined {
  return /\b(Regulation|Directive|Decision|Recommendation)\b/i
    .exec(title ?? '')?.[1]
    ?.replace(/^./, (c) => c.toUpperCase());
}

/** Sector 3 (legal acts) + year + type letter + 4-digit number: Regulation 2024/903 -> 32024R0903. */
function celexFor(kind: string | undefined, noDoc: Element | undefined): string | undefined {
  const type = kind ? CELEX_TYPE_BY_KIND[kind] : undefined;
  const year = textOf(child(noDoc, 'YEAR'));
  const number = textOf(child(noDoc, 'NO.CURRENT'));
  if (!type || !year || !number || !/^\d{4}$/.test(year) || !/^\d+$/.test(number)) return undefined;
  return `3${year}${type}${number.padStart(4, '0')}`;
}

/** 'OJ L 334, 16.12.2011, p. 25' (issue-based OJ) or 'OJ L, 2024/903, 22.3.2024' (act-by-act OJ). */
function ojReference(ref: Element | undefined, manifest: Element | undefined): string | undefined {
  const coll = textOf(child(ref, 'COLL'));
  if (!ref || !coll) return undefined;
  const iso = child(ref, 'DATE')?.getAttribute('ISO');
  const date =
    iso && /^\d{8}$/.test(iso)
      ? `${Number(iso.slice(6, 8))}.${Number(iso.slice(4, 6))}.${iso.slice(0, 4)}`
      : textOf(child(ref, 'YEAR'));
  const issue = textOf(child(ref, 'NO.OJ'));
  if (issue) {
    const page = textOf(child(ref, 'PAGE.FIRST')) ?? textOf(childPath(manifest, 'FMX', 'DOC.MAIN.PUB', 'PAGE.FIRST'));
    return [`OJ ${coll} ${Number(issue)}`, date, page ? `p. ${page}` : undefined].filter(Boolean).join(', ');
  }
  const noDoc = child(ref, 'NO.DOC');
  const number = `${textOf(child(noDoc, 'YEAR')) ?? '?'}/${textOf(child(noDoc, 'NO.CURRENT')) ?? '?'}`;
  return [`OJ ${coll}`, number, iso ? date : undefined].filter(Boolean).join(', ');
}

/** Formex DATE ISO="20111216" -> '2011-12-16'. */
function isoDate(compact: string | null | undefined): string | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(compact ?? '');
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}
