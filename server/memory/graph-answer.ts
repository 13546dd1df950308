// read_graph's answer text, serialized once per owner and graph version. Building it (the graph
// statement, parsing its JSON, pretty-printing it as the official memory server does) was the
// costliest read call at 16 clients (about 3 ms of the server's CPU for a 100-entity graph,
// issue 12). The database stays the truth: every call reads the owner's version (migration 0021:
// set by triggers in the transaction of every write, from any instance or script) in the same
// statement that would read the graph, which it only does when this instance's copy is of
// another version. Remembered per process (instances share nothing), bounded in size. The answer's
// JSON form is kept too: the MCP answer carries those bytes (server/mcp/answer-bytes.ts).
import type { Db } from '../db/client.js';
import { readGraphUnless, type MemoryOwner } from './store.js';

/** Size (text characters plus JSON bytes) all remembered answers may take, and one at most (a larger one is rebuilt per call). */
const TOTAL_SIZE = 64 * 1024 * 1024;
const ONE_SIZE_MAX = 16 * 1024 * 1024;

/** read_graph's answer text, and its JSON string form as UTF-8 (what the answer's bytes carry). */
export interface GraphAnswer {
  text: string;
  json: Buffer;
}

interface Answer extends GraphAnswer {
  version: string;
}

/** By owner id, least recently used first. */
const answers = new Map<string, Answer>();
let totalSize = 0;
const sizeOf = (answer: Answer) => answer.text.length + answer.json.length;

function forget(ownerId: string) {
  const answer = answers.get(ownerId);
  if (!answer) return;
  answers.delete(ownerId);
  totalSize -= sizeOf(answer);
}

function remember(ownerId: string, answer: Answer) {
  forget(ownerId);
  if (sizeOf(answer) > ONE_SIZE_MAX) return;
  answers.set(ownerId, answer);
  totalSize += sizeOf(answer);
  for (const oldest of answers.keys()) {
    if (totalSize <= TOTAL_SIZE) break;
    forget(oldest);
  }
}

/** The owner's whole graph as read_graph answers it: pretty-printed JSON, as the official server's. */
export async function readGraphAnswer(db: Db, owner: MemoryOwner): Promise<GraphAnswer> {
  const known = answers.get(owner.id);
  const { version, graph } = await readGraphUnless(db, owner, known?.version ?? null);
  if (graph === undefined && known) {
    // Most recently used last, and only if it is still the one held: another call may have
    // replaced it or the size bound dropped it meanwhile, and putting it back unaccounted would
    // let the cache outgrow its bound.
    if (answers.get(owner.id) === known) {
      answers.delete(owner.id);
      answers.set(owner.id, known);
    }
    return known;
  }
  const text = JSON.stringify(graph ?? { entities: [], relations: [] }, null, 2);
  const answer = { text, json: Buffer.from(JSON.stringify(text)) };
  // No version yet (no write since the migration): nothing to key the text by.
  if (version === null) forget(owner.id);
  else remember(owner.id, { ...answer, version });
  return answer;
}

export const readGraphText = async (db: Db, owner: MemoryOwner) => (await readGraphAnswer(db, owner)).text;

/** What the cache holds: the size it counts and the size of what is really in it (equal unless a bug). */
export function graphAnswerCacheSize(): { counted: number; held: number } {
  let held = 0;
  for (const answer of answers.values()) held += sizeOf(answer);
  return { counted: totalSize, held };
}
