// Document-level metadata of an AKN file: the work id (CELEX, ELI or FRBR work URI), title,
// kind, issuer, dates and language, read from the document's own <meta> and front matter.
import type { Element } from '@xmldom/xmldom';
import type { ParsedDocument, ParsedMetadata } from '../../model.js';
import { definedOnly } from './defined.js';
import { attr, childElements, descendants, firstChild, localName } from './dom.js';
import { readFrbrLevel, validDate, type FrbrLevel } from './frbr.js';
import { toIso6391 } from './languages.js';
import { plainText } from './text.js';

export type DocumentMetadata = Omit<ParsedDocument, 'nodes' | 'translationUnits'>;

interface Frbr {
  work: FrbrLevel;
  expression: FrbrLevel;
  manifestation: FrbrLevel;
}

/** Language used when the file names none (ISO 639-2 "undetermined"). */
export const UNKNOWN_LANGUAGE = 'und';

export function readMetadata(documentElement: Element, file: string, isLegalDocMlDe: boolean): DocumentMetadata {
  const meta = firstChild(documentElement, 'meta');
  const identification = firstChild(meta, 'identification');
  const frbr: Frbr = {
    work: readFrbrLevel(identification, 'FRBRWork'),
    expression: readFrbrLevel(identification, 'FRBRExpression'),
    manifestation: readFrbrLevel(identification, 'FRBRManifestation'),
  };
  const externalId = externalIdOf(frbr, file, isLegalDocMlDe);
  const metadata: ParsedMetadata = {
    title: titleOf(documentElement) ?? externalId,
    sourceSystem: isLegalDocMlDe ? 'legaldocml.de' : 'akn',
    sourceIds: sourceIdsOf(frbr, file, isLegalDocMlDe),
    ...definedOnly({ kind: kindOf(documentElement, frbr.work, isLegalDocMlDe), issuer: issuerOf(meta, frbr.work) }),
  };
  return {
    externalId,
    metadata,
    languages: [languageOf(meta, frbr.expression)],
    ...definedOnly({
      publishedDate: publishedDateOf(meta, frbr.work),
      effectiveDate: lifecycleDate(meta, /inkraft|entry.?into.?force|in.?force|vigore|voimaan/i),
      expiryDate: lifecycleDate(meta, /ausserkraft|au(ß|ss)erkraft|expir|repeal|abrogat/i),
      versionDate: versionDateOf(frbr.expression) ?? dateInFileName(file),
    }),
  };
}

/**
 * The id people cite, equal for all versions of a work: a CELEX alias for EU acts; for
 * LegalDocML.de the work-level ELI (FRBRuri); else the FRBR work URI without its component.
 */
function externalIdOf({ work }: Frbr, file: string, isLegalDocMlDe: boolean): string {
  const celex = work.aliases.find((alias) => alias.name?.toLowerCase() === 'celex')?.value;
  if (celex) return celex;
  // A second Regelungstext or an Anlage is its own component: keep its name in the id.
  if (isLegalDocMlDe && work.this && work.subtype && !isMainLegalDocMlComponent(work.subtype)) return work.this;
  const workUri = stripComponent(work.uri) ?? stripComponent(work.this);
  if (workUri) return workUri;
  if (work.number && /\D/.test(work.number)) return work.number; // 'COM(2025) 162'
  return celexInFileName(file) ?? baseName(file);
}

function isMainLegalDocMlComponent(subtype: string): boolean {
  return /^regelungstext\b.*-1$/.test(subtype);
}

/** '/akn/eu/act/directive/ep/2014/92/!main' -> '/akn/eu/act/directive/ep/2014/92'. */
function stripComponent(uri: string | undefined): string | undefined {
  const work = uri
    ?.replace(/\/[a-z]{2,3}@[^/]*(\/.*)?$/i, '') // expression part, e.g. '/ita@2024-11-15/!main'
    .replace(/\/!?main(\/.*)?$/, '')
    .replace(/\/+$/, '');
  return work ? work : undefined;
}

function celexInFileName(file: string): string | undefined {
  return baseName(file).match(/^[0-9CE]\d{4}[A-Z]{1,2}\d{4}(\(\d+\))?$/)?.[0];
}

function baseName(file: string): string {
  return (file.split(/[\\/]/).pop() ?? file).replace(/(\.akn)?(\.xml)?$/i, '');
}

/** The date this version speaks for: the ELI point in time (LegalDocML.de) or the expression date. */
function versionDateOf(expression: FrbrLevel): string | undefined {
  const uri = expression.uri ?? expression.this ?? '';
  const eliPointInTime = uri.match(/\/(\d{4}-\d{2}-\d{2})\/\d+\/[a-z]{3}(\/|$)/)?.[1];
  return validDate(eliPointInTime) ?? expression.dates[0]?.date ?? validDate(uri.match(/@(\d{4}-\d{2}-\d{2})/)?.[1]);
}

/** Files with empty FRBR (a Legilux ELI export) still carry the act's date in their name. */
function dateInFileName(file: string): string | undefined {
  return validDate(baseName(file).match(/(?:^|\D)(\d{4}-\d{2}-\d{2})(?:\D|$)/)?.[1]);
}

function publishedDateOf(meta: Element | undefined, work: FrbrLevel): string | undefined {
  const publication = validDate(attr(firstChild(meta, 'publication'), 'date'));
  const namedPublication = work.dates.find((date) => /publi|verkuendungsdatum/i.test(date.name ?? ''));
  return publication ?? namedPublication?.date;
}

/** Date of the first lifecycle event whose refersTo/name/type/source matches. */
function lifecycleDate(meta: Element | undefined, event: RegExp): string | undefined {
  const events = childElements(firstChild(meta, 'lifecycle'), 'eventRef');
  const matching = events.find((eventRef) =>
    ['refersTo', 'name', 'type', 'source'].some((name) => event.test(attr(eventRef, name) ?? '')),
  );
  return validDate(attr(matching, 'date'));
}

function languageOf(meta: Element | undefined, expression: FrbrLevel): string {
  return toIso6391(expression.language) ?? languageFromAuthorityUri(meta) ?? UNKNOWN_LANGUAGE;
}

/** Legilux puts the language only in its own metadata, as an EU authority URI (.../language/FRA). */
function languageFromAuthorityUri(meta: Element | undefined): string | undefined {
  const uri = meta?.toString().match(/resource\/authority\/language\/([A-Z]{3})/)?.[1];
  return toIso6391(uri);
}

const FRONT_MATTER = ['preface', 'coverPage', 'preamble'];

/** docTitle, else longTitle, else shortTitle, else the whole preface (EU acts spell the title out there). */
function titleOf(documentElement: Element): string | undefined {
  const frontMatter = childElements(documentElement).filter((child) => FRONT_MATTER.includes(localName(child)));
  for (const name of ['docTitle', 'longTitle', 'shortTitle']) {
    const found = frontMatter
      .flatMap((part) => descendants(part, name))
      .map(plainText)
      .find(Boolean);
    if (found) return found;
  }
  const preface = firstChild(documentElement, 'preface');
  return (preface && plainText(preface)) || undefined;
}

/** As the source names it: docType ('LEGGE'), LegalDocML.de 'typ' ('gesetz'), FRBRsubtype, element name. */
function kindOf(documentElement: Element, work: FrbrLevel, isLegalDocMlDe: boolean): string | undefined {
  const frontMatter = childElements(documentElement).filter((child) => FRONT_MATTER.includes(localName(child)));
  const docType = frontMatter
    .flatMap((part) => descendants(part, 'docType'))
    .map(plainText)
    .find(Boolean);
  if (docType) return docType;
  const meta = firstChild(documentElement, 'meta');
  const legalDocMlType = isLegalDocMlDe && meta ? descendants(meta, 'typ').map(plainText).find(Boolean) : undefined;
  if (legalDocMlType) return legalDocMlType;
  if (work.subtype && !isLegalDocMlDe) return work.subtype;
  const rawName = attr(documentElement, 'name');
  const name = rawName?.startsWith('/') ? rawName.split('/').pop() : rawName; // LegalDocML.de: ontology URI
  return name && !['main', 'monovigente'].includes(name) ? name : localName(documentElement);
}

/** FRBRauthor, resolved through <references> (href="#EP" -> showAs) when possible. */
function issuerOf(meta: Element | undefined, work: FrbrLevel): string | undefined {
  const href = work.authorHref;
  if (!href) return undefined;
  const references = firstChild(meta, 'references');
  const target = href.startsWith('#')
    ? childElements(references).find((reference) => attr(reference, 'eId') === href.slice(1))
    : undefined;
  return attr(target, 'showAs') ?? href.replace(/^#/, '');
}

function sourceIdsOf({ work, expression, manifestation }: Frbr, file: string, isLegalDocMlDe: boolean) {
  const aliases = Object.fromEntries(work.aliases.map((alias) => [alias.name?.toLowerCase() ?? 'alias', alias.value]));
  const ids: Record<string, string | undefined> = {
    file,
    frbrWork: work.this,
    frbrWorkUri: work.uri,
    frbrExpression: expression.this,
    frbrManifestation: manifestation.this,
    ...aliases,
    ...(isLegalDocMlDe ? { eli: work.uri, eliExpression: expression.uri } : {}),
  };
  return Object.fromEntries(Object.entries(ids).filter((entry): entry is [string, string] => !!entry[1]));
}
