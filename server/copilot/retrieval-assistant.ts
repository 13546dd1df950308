// The embedded default when no model is configured: an honest retrieval assistant. It answers
// with the library's best matching provisions, quoted, cited and linked, says that it answers
// only in quotations (how to add a model is the operator's business: README), and carries out direct requests ('open 1/1993 čl. 54', 'search …',
// 'přelož čl. 54 ústavy do angličtiny').
import { provisionPath } from '../../src/shared/document-path.js';
import {
  emit,
  findProvisions,
  locateProvisions,
  openAt,
  readProvisions,
  searchLibrary,
  type CopilotActor,
} from './automation.js';
import type { Provision } from './library-search.js';
import { parseQuestion, type AnswerLanguage, type ParsedQuestion } from './question.js';
import { translateAnswer } from './translate-request.js';

const QUOTE_MAX = 700;

const TEXTS = {
  cs: {
    exact: (citation: string, title: string) => `Podle knihovny zní ${citation} (${title}):`,
    best: 'Nejlépe odpovídající ustanovení v knihovně:',
    anywhere: (display: string) => `Předpis jste neuvedl; ${display} je v knihovně například zde:`,
    none: 'V knihovně jsem k tomu nenašel žádné ustanovení. Zkuste jiná slova, číslo předpisu (např. 1/1993) nebo ustanovení (např. čl. 54).',
    citeKeyMissing: (display: string) => `Ustanovení ${display} jsem v předpisu nenašel; níže je, co knihovna nabízí.`,
    needsModel: '_Copilot odpovídá citacemi z knihovny; vlastními slovy zatím neodpovídá._',
    opened: (link: string) => `Otevírám ${link}.`,
    openNotFound: 'Nenašel jsem předpis ani ustanovení k otevření. Napište např. „otevři 1/1993 čl. 54“.',
    searchEmpty: 'Zadejte, co mám hledat, např. „hledej svoboda projevu“.',
    searchResults: (query: string, count: number) =>
      `Výsledky hledání „${query}“ (${count}) jsou v rychlém hledání. Nejlépe odpovídající ustanovení:`,
    searchDocuments: (query: string, count: number) => `Výsledky hledání „${query}“ (${count}) jsou v rychlém hledání:`,
  },
  en: {
    exact: (citation: string, title: string) => `According to the library, ${citation} (${title}) reads:`,
    best: 'The best matching provisions in the library:',
    anywhere: (display: string) => `You named no document; ${display} is in the library for example here:`,
    none: 'I found no provision about this in the library. Try other words, a law number (e.g. 1/1993) or a provision (e.g. Art. 54).',
    citeKeyMissing: (display: string) =>
      `I did not find ${display} in that document; below is what the library offers.`,
    needsModel: '_The Copilot answers with quotations from the library; it does not yet answer in its own words._',
    opened: (link: string) => `Opening ${link}.`,
    openNotFound: 'I found no document or provision to open. Write e.g. “open 1/1993 čl. 54”.',
    searchEmpty: 'Tell me what to search for, e.g. “search freedom of expression”.',
    searchResults: (query: string, count: number) =>
      `The results for “${query}” (${count}) are in quick search. The best matching provisions:`,
    searchDocuments: (query: string, count: number) => `The results for “${query}” (${count}) are in quick search:`,
  },
} satisfies Record<AnswerLanguage, unknown>;

/** The answer, streamed in pieces as they are ready (the first once the library has answered). */
export async function* retrievalAnswer(actor: CopilotActor, question: string): AsyncGenerator<string> {
  const parsed = parseQuestion(question);
  const t = TEXTS[parsed.language];
  if (parsed.intent === 'open') {
    yield* openRequest(actor, parsed);
    return;
  }
  if (parsed.intent === 'translate') {
    yield* translateAnswer(actor, parsed);
    return;
  }
  if (parsed.intent === 'search') {
    if (!parsed.text) {
      yield t.searchEmpty;
      return;
    }
    const located = await searchLibrary(actor, parsed.text, parsed.language);
    if (located.documents.length === 0) {
      yield t.none;
      return;
    }
    if (located.refs.length > 0) {
      yield `${t.searchResults(parsed.text, located.documents.length)}\n\n`;
      for await (const provision of readProvisions(actor.db, located.refs.slice(0, 3), located.language))
        yield* quoted(provision);
    } else {
      yield `${t.searchDocuments(parsed.text, located.documents.length)}\n\n`;
      for (const document of located.documents.slice(0, 5))
        yield `- [${document.externalId}](${provisionPath(document.id, document.title)}) ${document.title}\n`;
    }
    return;
  }

  const located = await locateProvisions(actor.db, parsed, 3);
  await emit(actor, 'copilot.tool_call', {
    name: 'search_documents',
    summary: located.refs.length > 0 ? `${located.refs.length} provisions found` : 'no provision found',
  });
  let count = 0;
  // The heading goes out as soon as the provisions are located; each quote follows once read.
  for await (const provision of readProvisions(actor.db, located.refs, parsed.language)) {
    if (count === 0) {
      if (located.foundBy === 'cite_key') yield `${t.exact(`**${provision.citation}**`, provision.document.title)}\n\n`;
      else if (located.foundBy === 'cite_key_anywhere') yield `${t.anywhere(parsed.citeKey!.display)}\n\n`;
      else yield `${parsed.citeKey ? `${t.citeKeyMissing(parsed.citeKey.display)}\n\n` : ''}${t.best}\n\n`;
    }
    count += 1;
    yield* quoted(provision);
  }
  yield count === 0 ? `${t.none}\n\n${t.needsModel}\n` : `${t.needsModel}\n`;
}

async function* openRequest(actor: CopilotActor, parsed: ParsedQuestion): AsyncGenerator<string> {
  const t = TEXTS[parsed.language];
  const outcome = await findProvisions(actor.db, parsed, 1);
  const provision = outcome.foundBy === 'cite_key' ? outcome.provisions[0] : undefined;
  if (provision) {
    await openAt(actor, provision.document, provision.nodeId, provision.citation);
    yield `${t.opened(`[${provision.citation}](${provision.path})`)}\n\n`;
    yield* quoted(provision, false);
    return;
  }
  // A document without a (found) provision opens at its start.
  const document = outcome.documents[0];
  if (document && (!parsed.citeKey || outcome.provisions.length === 0)) {
    const opened = await openAt(actor, document);
    if (parsed.citeKey) yield `${t.citeKeyMissing(parsed.citeKey.display)}\n\n`;
    yield `${t.opened(`[${document.externalId} ${document.title}](${opened.path})`)}\n`;
    return;
  }
  yield `${t.openNotFound}\n`;
}

/** One provision as a linked heading and a trimmed quote. */
async function* quoted(provision: Provision, withHeading = true): AsyncGenerator<string> {
  const heading = withHeading ? `[${provision.citation}](${provision.path}) — ${provision.document.title}\n` : '';
  yield `${heading}${quoteOf(provision)}\n\n`;
}

/** '(1) text' for paragraphs, 'a) text' for letters; at most QUOTE_MAX characters, cut at a word. */
export function quoteOf(provision: Provision): string {
  const lines = provision.lines.map((line) => {
    if (line.nodeId === provision.nodeId || !line.citeKey) return line.text;
    const marker = markerOf(line.citeKey);
    return line.text.startsWith(marker) ? line.text : `${marker} ${line.text}`;
  });
  let text = lines.join('\n');
  if (text.length > QUOTE_MAX) text = `${text.slice(0, text.lastIndexOf(' ', QUOTE_MAX)).trimEnd()} …`;
  if (!text) text = '…';
  return text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

/** How a sub-provision is marked in a quote: 'odst. 2' / 'paragraph 2' → '(2)', 'písm. b)' → 'b)', 'point (a)' → '(a)'. */
export function markerOf(citeKey: string): string {
  const paragraph = /^(?:odst\.|paragraph|Absatz|alinéa)\s*(\S+)$/i.exec(citeKey);
  if (paragraph) return `(${paragraph[1]!.replace(/^\((.*)\)$/, '$1')})`;
  const letter = /^(?:písm\.|point|bod|Buchstabe)\s*(\S+)$/i.exec(citeKey);
  if (letter) return letter[1]!;
  return citeKey;
}
