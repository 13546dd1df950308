// What the Copilot does on the library and on the user's screen: search, read a provision, open a
// document at a node, propose a translation. The model's tools and the embedded assistant's
// direct requests both call these; each publishes automation commands on `user:{id}`.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { KNOWN_PAYLOADS, type KnownCommand } from '../../src/realtime/protocol.js';
import type { Db } from '../db/client.js';
import type { TranslateOptions } from '../translation/translate.js';
import { provisionPath } from '../../src/shared/document-path.js';
import {
  documentsByIds,
  documentsByNumbers,
  documentsByTitle,
  findDocument,
  findFragment,
  findNode,
  findProvisionNode,
  nodesByCiteKey,
  provisionNodesOf,
  readProvisionText,
  searchFragments,
  type DocumentHit,
  type Provision,
} from './library-search.js';
import { parseQuestion, type AnswerLanguage, type ParsedQuestion } from './question.js';
import { wordStem } from '../search/word-stem.js';

/** Sends a command to a user's channel (the realtime hub's publish). */
export type Publish = (userId: string, cmd: string, payload: Record<string, unknown>) => Promise<unknown>;

/** The app's realtime hub (app.realtime, decorated by registerRealtimeRoutes); a no-op where there is none. */
export function hubPublisher(app: FastifyInstance): Publish {
  return async (userId, cmd, payload) => {
    if (!app.hasDecorator('realtime')) return;
    await app.realtime.publish(userId, cmd, payload);
  };
}

export interface CopilotActor {
  db: Db;
  userId: string;
  publish: Publish;
  log: FastifyBaseLogger;
  /** POST /legal/translate's settings (memory threshold, provider) for translate requests; default: its defaults. */
  translation?: Partial<TranslateOptions>;
}

const SUMMARY_MAX = 300;
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Publishes one known command; a failure is logged (without the payload) and does not stop the answer. */
export async function emit<C extends KnownCommand>(
  actor: CopilotActor,
  cmd: C,
  payload: z.input<(typeof KNOWN_PAYLOADS)[C]>,
) {
  const parsed = KNOWN_PAYLOADS[cmd].safeParse(payload);
  if (!parsed.success) {
    actor.log.warn({ cmd }, 'copilot: command payload rejected by the protocol schema');
    return;
  }
  try {
    await actor.publish(actor.userId, cmd, parsed.data as Record<string, unknown>);
  } catch (error) {
    actor.log.warn(
      { cmd, error: error instanceof Error ? error.name : 'unknown' },
      'copilot: publishing a command failed',
    );
  }
}

const toolCall = (actor: CopilotActor, name: string, summary: string) =>
  emit(actor, 'copilot.tool_call', { name, summary: cut(summary, SUMMARY_MAX) });

/** How provisions were found: cite_key = the named provision of the named document; cite_key_anywhere = that number in any document. */
export type FoundBy = 'cite_key' | 'cite_key_anywhere' | 'full_text' | 'none';

export interface ProvisionRef {
  document: DocumentHit;
  nodeId: string;
}

export interface LocatedProvisions {
  query: string;
  /** Documents the question named or the provisions are in. */
  documents: DocumentHit[];
  refs: ProvisionRef[];
  foundBy: FoundBy;
}

export interface SearchOutcome {
  query: string;
  documents: DocumentHit[];
  provisions: Provision[];
  foundBy: FoundBy;
}

/**
 * Where the answer to a question is: the named provision of the named document when the question
 * has both ('čl. 54 ústavy', '1/1993 čl. 54'); a provision number alone in any document; else the
 * best full-text matches (within the named document when there is one), in the question's
 * language first. Texts are read separately (readProvisions), so an answer can start early.
 */
export async function locateProvisions(db: Db, parsed: ParsedQuestion, limit = 3): Promise<LocatedProvisions> {
  const named = [...(await documentsByNumbers(db, parsed.numbers))];
  if (parsed.titlePhrases.length > 0 || (parsed.citeKey && named.length === 0)) {
    named.push(...(await documentsByTitle(db, parsed.terms, parsed.titlePhrases)));
  }
  const documents = uniqueBy(named, (document) => document.id);
  const none = (found: DocumentHit[] = documents): LocatedProvisions => ({
    query: parsed.text,
    documents: found,
    refs: [],
    foundBy: 'none',
  });
  if (parsed.citeKey && documents.length > 0) {
    const found = await findProvisionNode(db, documents, parsed.citeKey);
    if (found) return { query: parsed.text, documents, refs: [found], foundBy: 'cite_key' };
  }
  if (parsed.citeKey && documents.length === 0) {
    // 'Co říká § 5?': the provisions of that number wherever they are.
    const nodes = await nodesByCiteKey(db, parsed.citeKey, limit);
    const refs = await refsOf(db, nodes);
    if (refs.length > 0)
      return {
        query: parsed.text,
        documents: uniqueBy(
          refs.map((ref) => ref.document),
          (d) => d.id,
        ),
        refs,
        foundBy: 'cite_key_anywhere',
      };
  }
  // Words that only named the document ('ústavy') would match every fragment of it.
  const aliasStems = new Set(
    parsed.titlePhrases.length > 0
      ? parsed.terms.filter((term) => parsed.titlePhrases.some((phrase) => phrase.startsWith(term)))
      : [],
  );
  const words = parsed.words.filter((word) => !aliasStems.has(wordStem(word)));
  const scope =
    parsed.titlePhrases.length > 0 || parsed.numbers.length > 0
      ? documents.slice(0, 3).map((document) => document.id)
      : undefined;
  if (words.length === 0) return none();

  // The question's language first, then the other interface language, then (within named
  // documents) any language: the database search's order (/v1/search's) within each.
  let hits = await searchFragments(db, words, { language: parsed.language, documentIds: scope });
  if (hits.length === 0)
    hits = await searchFragments(db, words, { language: parsed.language === 'cs' ? 'en' : 'cs', documentIds: scope });
  if (hits.length === 0 && scope) hits = await searchFragments(db, words, { documentIds: scope });
  if (hits.length === 0) return none();

  // Hits are fragments (a paragraph, a letter): each stands for the article it belongs to.
  const provisionOf = await provisionNodesOf(db, [...new Set(hits.map((hit) => hit.nodeId))]);
  const picked = rankProvisions(
    hits.map((hit) => ({
      documentId: hit.documentId,
      nodeId: provisionOf.get(hit.nodeId) ?? hit.nodeId,
      mask: hit.mask,
    })),
  ).slice(0, limit);
  const refs = await refsOf(db, picked);
  return {
    query: parsed.text,
    documents: uniqueBy([...documents, ...refs.map((ref) => ref.document)], (d) => d.id),
    refs,
    foundBy: 'full_text',
  };
}

/**
 * Articles by how many of the question's words their fragments hold together (when the search
 * fell back to any word, an article whose paragraphs have one word each beats a fragment with
 * one), then in the search's order of their best fragment. When every hit has every word (the
 * search's first pass), this is the search's order.
 */
function rankProvisions(
  hits: { documentId: string; nodeId: string; mask: number }[],
): { documentId: string; nodeId: string }[] {
  const byNode = new Map<string, { documentId: string; nodeId: string; mask: number; order: number }>();
  hits.forEach((hit, order) => {
    const seen = byNode.get(hit.nodeId);
    if (seen) seen.mask |= hit.mask;
    else byNode.set(hit.nodeId, { ...hit, order });
  });
  const bits = (mask: number) => mask.toString(2).replace(/0/g, '').length;
  return [...byNode.values()].sort((a, b) => bits(b.mask) - bits(a.mask) || a.order - b.order);
}

async function refsOf(db: Db, nodes: { documentId: string; nodeId: string }[]): Promise<ProvisionRef[]> {
  const byId = await documentsByIds(db, [...new Set(nodes.map((node) => node.documentId))]);
  return nodes.flatMap((node) => {
    const document = byId.get(node.documentId);
    return document ? [{ document, nodeId: node.nodeId }] : [];
  });
}

/** The texts of located provisions, one by one as they are read. */
export async function* readProvisions(db: Db, refs: ProvisionRef[], language: string): AsyncGenerator<Provision> {
  for (const ref of refs) {
    const provision = await readProvisionText(db, ref.document, ref.nodeId, language);
    if (provision) yield provision;
  }
}

/** locateProvisions with the texts read. */
export async function findProvisions(db: Db, parsed: ParsedQuestion, limit = 3): Promise<SearchOutcome> {
  const located = await locateProvisions(db, parsed, limit);
  const provisions: Provision[] = [];
  for await (const provision of readProvisions(db, located.refs, parsed.language)) provisions.push(provision);
  return {
    query: located.query,
    documents: located.documents,
    provisions,
    foundBy: provisions.length > 0 ? located.foundBy : 'none',
  };
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** search_documents / 'search …': full text over fragments and titles; the results open in quick search. */
export async function searchLibrary(
  actor: CopilotActor,
  query: string,
  language?: AnswerLanguage,
): Promise<LocatedProvisions & { language: AnswerLanguage }> {
  const parsed = parseQuestion(query);
  if (language) parsed.language = language;
  const located = await locateProvisions(actor.db, parsed, 5);
  // Title matches belong to the results even when no fragment matched.
  const byTitle =
    parsed.terms.length > 0 ? await documentsByTitle(actor.db, parsed.terms, parsed.titlePhrases, 10) : [];
  const documents = uniqueBy(
    [...located.refs.map((ref) => ref.document), ...located.documents, ...byTitle],
    (d) => d.id,
  ).slice(0, 10);
  await emit(actor, 'search.results', {
    q: cut(query, 500),
    items: documents.map((document) => ({
      document_id: document.id,
      title: document.title,
      external_id: document.externalId,
    })),
  });
  await toolCall(
    actor,
    'search_documents',
    `“${query}”: ${documents.length} documents, ${located.refs.length} provisions`,
  );
  return { ...located, documents, language: parsed.language };
}

/** read_provision: a provision's text by document (id, number or title) and cite key. */
export async function readProvision(
  actor: CopilotActor,
  documentReference: string,
  citeKey: string,
  language: AnswerLanguage,
): Promise<Provision | undefined> {
  const document = await findDocument(actor.db, documentReference);
  const nodeId = document && (await findNode(actor.db, document, citeKey));
  const provision = document && nodeId ? await readProvisionText(actor.db, document, nodeId, language) : undefined;
  await toolCall(
    actor,
    'read_provision',
    provision ? provision.citation : `${citeKey}, ${documentReference}: not found`,
  );
  return provision;
}

export interface OpenOutcome {
  document: DocumentHit;
  nodeId?: string;
  path: string;
}

/** open_document / 'open …': the user's screen goes to the document, at the node when given. */
export async function openDocument(
  actor: CopilotActor,
  documentReference: string,
  nodeReference?: string,
): Promise<OpenOutcome | undefined> {
  const document = await findDocument(actor.db, documentReference);
  if (!document) {
    await toolCall(actor, 'open_document', `${documentReference}: not found`);
    return undefined;
  }
  const nodeId = nodeReference ? await findNode(actor.db, document, nodeReference) : undefined;
  return openAt(actor, document, nodeId);
}

/** Publishes the navigation to a document (at a node) that is already resolved. */
export async function openAt(
  actor: CopilotActor,
  document: DocumentHit,
  nodeId?: string,
  citation?: string,
): Promise<OpenOutcome> {
  const path = provisionPath(document.id, document.title, nodeId);
  await emit(actor, 'editor.open', { document_id: document.id, ...(nodeId ? { node_id: nodeId } : {}), path });
  await emit(actor, 'tool.navigate', { path });
  await toolCall(actor, 'open_document', citation ?? `${document.externalId} ${document.title}`);
  return { document, nodeId, path };
}

/** How a proposed text relates to the memory: an exact or fuzzy match at its score, else machine translation at 0. */
export interface ProposalMatch {
  origin: 'exact' | 'fuzzy' | 'mt';
  score: number;
}

/** propose_translation: the user's editor shows the proposed text for the fragment, with its origin and score. */
export async function proposeTranslation(
  actor: CopilotActor,
  fragmentId: string,
  text: string,
  language: string,
  match: ProposalMatch = { origin: 'mt', score: 0 },
): Promise<boolean> {
  const fragment = await findFragment(actor.db, fragmentId);
  if (!fragment) {
    await toolCall(actor, 'propose_translation', `${fragmentId}: no such fragment`);
    return false;
  }
  await emit(actor, 'editor.translation_preview', {
    translation_preview: text,
    fragment_id: fragment.id,
    language,
    origin: match.origin,
    score: match.score,
  });
  await toolCall(
    actor,
    'propose_translation',
    `${language} (${match.origin}${match.origin === 'mt' ? '' : ` ${match.score}%`}): ${text}`,
  );
  return true;
}
