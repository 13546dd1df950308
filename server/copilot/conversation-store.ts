// The History tab's storage: each user's Copilot conversations and their turns. A turn (the
// question and its answer) is written in one transaction; a user keeps at most
// MAX_CONVERSATIONS_PER_USER conversations (the least recently used go first), and a conversation
// at most MAX_MESSAGES_PER_CONVERSATION messages (its oldest turns go first), so one user's
// history stays bounded however long they chat in one conversation.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  MAX_CONVERSATION_TITLE_CHARS,
  MAX_CONVERSATIONS_PER_USER,
  MAX_STORED_MESSAGE_CHARS,
  type CopilotConversation,
  type CopilotConversationList,
} from '../../src/api/contract/copilot.js';
import type { Db } from '../db/client.js';
import { sqlRows, TIMESTAMP_TEXT } from '../db/sql.js';
import { notFound } from '../http/errors.js';

/**
 * Messages kept per conversation (100 turns): with MAX_CONVERSATIONS_PER_USER and
 * MAX_STORED_MESSAGE_CHARS, the bound of one user's history. The chat sends at most 50 messages
 * of context, so older turns could not be continued from anyway.
 */
export const MAX_MESSAGES_PER_CONVERSATION = 200;

export interface StoredTurn {
  userId: string;
  conversationId: string;
  question: string;
  answer: string;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const titleOf = (question: string) => cut(question.replace(/\s+/g, ' ').trim(), MAX_CONVERSATION_TITLE_CHARS);

/**
 * Stores one turn. The conversation is created on its first turn (titled by the question); an id
 * that belongs to another user is not written to (false), so no one can add to another's history.
 */
export async function storeTurn(
  db: Db,
  turn: StoredTurn,
  maxPerUser = MAX_CONVERSATIONS_PER_USER,
  maxMessages = MAX_MESSAGES_PER_CONVERSATION,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // One user's turns are written one at a time, so the count below holds.
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${turn.userId} FOR NO KEY UPDATE`);
    await tx.execute(
      sql`INSERT INTO copilot_conversations (id, user_id, title)
          VALUES (${turn.conversationId}, ${turn.userId}, ${titleOf(turn.question)})
          ON CONFLICT (id) DO NOTHING`,
    );
    const [owner] = await sqlRows<{ user_id: string }>(
      tx,
      sql`SELECT user_id FROM copilot_conversations WHERE id = ${turn.conversationId}`,
    );
    if (owner?.user_id !== turn.userId) return false;
    // The answer is written a millisecond after the question, so the order survives equal clocks.
    await tx.execute(
      sql`INSERT INTO copilot_messages (id, conversation_id, role, text, created_at) VALUES
          (${randomUUID()}, ${turn.conversationId}, 'user', ${cut(turn.question, MAX_STORED_MESSAGE_CHARS)}, now()),
          (${randomUUID()}, ${turn.conversationId}, 'assistant', ${cut(turn.answer, MAX_STORED_MESSAGE_CHARS)},
           now() + interval '1 millisecond')`,
    );
    await tx.execute(sql`UPDATE copilot_conversations SET updated_at = now() WHERE id = ${turn.conversationId}`);
    // The oldest turns beyond the conversation's bound go (the order the History reads them in).
    await tx.execute(
      sql`DELETE FROM copilot_messages WHERE id IN (
            SELECT id FROM copilot_messages WHERE conversation_id = ${turn.conversationId}
            ORDER BY created_at DESC, id DESC OFFSET ${maxMessages})`,
    );
    await tx.execute(
      sql`DELETE FROM copilot_conversations WHERE id IN (
            SELECT id FROM copilot_conversations WHERE user_id = ${turn.userId}
            ORDER BY updated_at DESC, id OFFSET ${maxPerUser})`,
    );
    return true;
  });
}

interface ConversationRow {
  id: string;
  title: string;
  created_at: string;
  updated_at: string;
}

const summaryColumns = sql.raw(
  `id, title, to_char(created_at AT TIME ZONE 'UTC', '${TIMESTAMP_TEXT}') AS created_at,
   to_char(updated_at AT TIME ZONE 'UTC', '${TIMESTAMP_TEXT}') AS updated_at`,
);

/** The user's conversations, most recently used first. */
export async function listConversations(
  db: Db,
  userId: string,
  page: { limit: number; offset: number },
): Promise<CopilotConversationList> {
  const items = await sqlRows<ConversationRow>(
    db,
    sql`SELECT ${summaryColumns} FROM copilot_conversations WHERE user_id = ${userId}
        ORDER BY updated_at DESC, id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const [count] = await sqlRows<{ total: number | string }>(
    db,
    sql`SELECT count(*) AS total FROM copilot_conversations WHERE user_id = ${userId}`,
  );
  return { items, total: Number(count?.total ?? 0) };
}

/** One of the user's conversations; another user's is not found (its existence is not told). */
export async function readConversation(db: Db, userId: string, id: string): Promise<CopilotConversation> {
  const [conversation] = await sqlRows<ConversationRow>(
    db,
    sql`SELECT ${summaryColumns} FROM copilot_conversations WHERE id = ${id} AND user_id = ${userId}`,
  );
  if (!conversation) throw notFound('Conversation');
  const messages = await sqlRows<CopilotConversation['messages'][number]>(
    db,
    sql`SELECT id, role, text, to_char(created_at AT TIME ZONE 'UTC', ${TIMESTAMP_TEXT}) AS created_at
        FROM copilot_messages WHERE conversation_id = ${id} ORDER BY created_at, id`,
  );
  return { ...conversation, messages };
}

/** Deletes one of the user's conversations with its messages; another user's is not found. */
export async function deleteConversation(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await sqlRows<{ id: string }>(
    db,
    sql`DELETE FROM copilot_conversations WHERE id = ${id} AND user_id = ${userId} RETURNING id`,
  );
  if (deleted.length === 0) throw notFound('Conversation');
}
