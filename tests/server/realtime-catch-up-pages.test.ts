// An instance catching up after its LISTEN session dropped reads the backlog in pages bounded by
// rows and by bytes of bodies (issue 15): a page stops at the first body past the byte budget
// (always at least one message), says whether more follows, and the pages together give every
// message once, in id order.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesAfter, type StoredMessage } from '../../server/realtime/message-store.js';
import { ENGINES, createTestDatabase, type TestDatabase } from '../support/test-database.js';

const bodyOf = (n: number, bytes: number) =>
  JSON.stringify({ n, pad: 'x'.repeat(bytes - 20) }).slice(0, bytes - 2) + '"}';

describe.each(ENGINES)('catch-up pages (%s)', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database?.dispose());

  it('stops a page at the byte budget and pages on to the last message', async () => {
    const bodies = Array.from({ length: 10 }, (_, n) => bodyOf(n, 1000));
    for (const body of bodies)
      await database.db.execute(sql`INSERT INTO realtime_messages (channel, body) VALUES ('c', ${body})`);

    // 1000 bytes each, budget 2500: the third body starts at 2000 (< 2500) and ends past it.
    const first = await messagesAfter(database.db, 0, { rows: 500, bytes: 2500 });
    expect(first.messages.map((message) => message.body)).toEqual(bodies.slice(0, 3));
    expect(first.more).toBe(true);

    // A budget below one body still moves on by one message.
    const tiny = await messagesAfter(database.db, first.messages[2]!.id, { rows: 500, bytes: 1 });
    expect(tiny.messages.map((message) => message.body)).toEqual([bodies[3]]);
    expect(tiny.more).toBe(true);

    const read: StoredMessage[] = [];
    let after = 0;
    let pages = 0;
    for (;;) {
      const page = await messagesAfter(database.db, after, { rows: 4, bytes: 2500 });
      pages += 1;
      read.push(...page.messages);
      if (!page.more) break;
      after = page.messages.at(-1)!.id;
    }
    expect(read.map((message) => message.body)).toEqual(bodies);
    expect(new Set(read.map((message) => message.id)).size).toBe(10);
    expect(pages).toBe(4);
  });

  it('a page under both bounds says nothing more follows', async () => {
    const page = await messagesAfter(database.db, 0, { rows: 500, bytes: 1024 * 1024 });
    expect(page.messages).toHaveLength(10);
    expect(page.more).toBe(false);
    // Exactly the row bound: more may follow (the next read finds none).
    const full = await messagesAfter(database.db, 0, { rows: 10, bytes: 1024 * 1024 });
    expect(full.more).toBe(true);
    const none = await messagesAfter(database.db, full.messages.at(-1)!.id, { rows: 10, bytes: 1024 * 1024 });
    expect(none).toEqual({ messages: [], more: false });
  });
});
