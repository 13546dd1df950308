// The read_graph cache's size bound holds when calls for one owner overlap: an "unchanged" answer
// that arrives after another call replaced the entry must not put the old one back uncounted
// (review finding: the cache then grew past its bound).
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.js';
import { graphAnswerCacheSize, readGraphAnswer } from '../../server/memory/graph-answer.js';

type Row = { version: string | null; entities: unknown; relations: unknown };

/** A database whose graph statement answers the rows it is handed, in the order of the calls. */
function scriptedDb() {
  const pending: ((row: Row) => void)[] = [];
  const db = {
    _: {
      session: {
        prepareQuery: () => ({
          execute: () => new Promise<{ rows: Row[] }>((resolve) => pending.push((row) => resolve({ rows: [row] }))),
        }),
      },
    },
  } as unknown as Db;
  const answer = async (row: Row) => {
    while (pending.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    pending.shift()!(row);
  };
  return { db, answer };
}

const graph = (name: string, size: number) => [{ name, entityType: 'test', observations: ['x'.repeat(size)] }];

describe('read_graph answer cache', () => {
  it('keeps its counted size equal to what it holds when an unchanged answer comes after a newer one', async () => {
    const { db, answer } = scriptedDb();
    const owner = { type: 'user', id: 'owner-race' } as const;
    const first = readGraphAnswer(db, owner);
    await answer({ version: '1', entities: graph('one', 1000), relations: [] });
    expect(JSON.parse((await first).text).entities[0].name).toBe('one');

    // Two calls that both know version 1 are under way. A write lands between their statements:
    // the first sees version 2 and stores it; the second read before the write, so it is told
    // "unchanged" and must not put version 1 back beside the count.
    const sawWrite = readGraphAnswer(db, owner);
    const readBefore = readGraphAnswer(db, owner);
    await answer({ version: '2', entities: graph('two', 5000), relations: [] });
    await answer({ version: '1', entities: null, relations: null });
    expect(JSON.parse((await sawWrite).text).entities[0].name).toBe('two');
    expect(JSON.parse((await readBefore).text).entities[0].name).toBe('one');

    const size = graphAnswerCacheSize();
    expect(size.counted).toBe(size.held);
  });
});
