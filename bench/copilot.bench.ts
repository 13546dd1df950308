// Copilot bench: time to the first streamed chunk (and to the end) of the embedded retrieval
// assistant over HTTP (POST /copilot/chat) on the imported corpus, sequential requests, for
// questions that name a provision, free-text questions and direct requests.
import { randomBytes, randomUUID } from 'node:crypto';
import { buildApp } from '../server/app.js';
import { loadCopilotSecret } from '../server/copilot/copilot-secret.js';
import { loginTagOf, newSessionClaims, signSession } from '../server/copilot/signed-session.js';
import { COPILOT_TEMPLATES, CHAT_TEMPLATE } from '../server/copilot/templates.js';
import { analyze, type BenchContext } from './lib/context.js';
import { openCorpusDatabase } from './lib/corpus.js';
import { countRows } from './lib/engines.js';
import { withTarget, type LatencyRow, type PartResult } from './lib/results.js';
import { summarize } from './lib/stats.js';

export const COPILOT_FIRST_TOKEN_TARGET_MS = 200;
const RUNS = 30;
const WARMUP_RUNS = 3;

const QUESTIONS: { kind: string; questions: string[] }[] = [
  {
    kind: 'named provision',
    questions: ['Co říká čl. 54 ústavy?', 'Co říká čl. 10a ústavy?', 'What does Article 5 of 1/1993 say?'],
  },
  {
    kind: 'full text',
    questions: [
      'Jak se volí prezident republiky?',
      'Co říká listina o svobodě projevu?',
      'What does the law say about personal data?',
    ],
  },
  { kind: 'direct request', questions: ['otevři 1/1993 čl. 54', 'hledej svoboda projevu'] },
];

interface Timing {
  firstMs: number;
  totalMs: number;
}

export async function benchCopilot(ctx: BenchContext): Promise<PartResult> {
  const database = await openCorpusDatabase(ctx.engine, ctx.log);
  const app = await buildApp({ database, copilot: { chatRateLimit: { limit: 1_000_000, windowSeconds: 60 } } });
  try {
    await analyze(database.raw);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const url = `http://127.0.0.1:${address.port}/copilot/chat`;

    // A user row and a session signed with the server's secret (this process'), as /v1/copilot/session would.
    const userId = randomUUID();
    const tag = userId.slice(0, 8);
    await database.raw(
      `INSERT INTO users (id, email, phone, username, password_hash, first_name, last_name) VALUES ($1, $2, $3, $4, 'x', 'Bench', 'Copilot')`,
      [
        userId,
        `bench-${tag}@example.com`,
        `+420${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
        `bench-${tag}`,
      ],
    );
    // The chat service checks that the Copilot session's login session is live: give it one.
    const sessionIdHash = randomBytes(32).toString('hex');
    await database.raw(
      `INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
      [sessionIdHash, userId],
    );
    const secret = loadCopilotSecret();
    const claims = newSessionClaims(userId, loginTagOf(secret, sessionIdHash));
    const headers = { 'content-type': 'application/json', ...signSession(secret, claims) };
    const ask = async (question: string): Promise<Timing> => {
      const body = JSON.stringify({
        session_id: claims.sessionId,
        nonce: claims.nonce,
        scope: 'chat',
        messages: [{ role: 'user', content: question }],
        template: CHAT_TEMPLATE,
        template_hash: COPILOT_TEMPLATES.hash,
      });
      const started = performance.now();
      const response = await fetch(url, { method: 'POST', headers, body });
      if (response.status !== 200) throw new Error(`${question}: HTTP ${response.status} ${await response.text()}`);
      const reader = response.body!.getReader();
      let firstMs = Number.NaN;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (Number.isNaN(firstMs) && value.length > 0) firstMs = performance.now() - started;
      }
      return { firstMs, totalMs: performance.now() - started };
    };

    // The first question of a fresh process also loads the folded full-text index.
    const cold = await ask('Kdo volí prezidenta republiky?');
    ctx.log(`  copilot: cold first question (index load): first chunk ${cold.firstMs.toFixed(0)} ms`);

    const rows: LatencyRow[] = [];
    const all: Timing[] = [];
    for (const { kind, questions } of QUESTIONS) {
      for (const question of questions) for (let i = 0; i < WARMUP_RUNS; i++) await ask(question);
      const timings: Timing[] = [];
      const started = performance.now();
      for (let i = 0; i < RUNS; i++) for (const question of questions) timings.push(await ask(question));
      const duration = performance.now() - started;
      all.push(...timings);
      rows.push(
        withTarget(
          {
            name: `copilot first chunk: ${kind}`,
            layer: 'api',
            concurrency: 1,
            stats: summarize(
              timings.map((t) => t.firstMs),
              duration,
            ),
          },
          'p95Ms',
          COPILOT_FIRST_TOKEN_TARGET_MS,
        ),
        {
          name: `copilot whole answer: ${kind}`,
          layer: 'api',
          concurrency: 1,
          stats: summarize(
            timings.map((t) => t.totalMs),
            duration,
          ),
        },
      );
      ctx.log(`  copilot: ${kind} done`);
    }
    return {
      part: 'copilot',
      ranAt: new Date().toISOString(),
      data: {
        documents: await countRows(database, 'documents'),
        fragments: await countRows(database, 'fragments'),
        questions: QUESTIONS,
        runsPerQuestion: RUNS,
        coldFirstChunkMs: Math.round(cold.firstMs),
        firstChunkP95AllMs: summarize(
          all.map((t) => t.firstMs),
          1,
        ).p95Ms,
      },
      rows,
      notes: [
        'POST /copilot/chat over HTTP on 127.0.0.1, sequential, embedded retrieval assistant (no model); first chunk = first body bytes at the client.',
        'The first question after start loads the accent-folded full-text index of the question language (cold figure in data); a Copilot session start warms it in the background.',
      ],
    };
  } finally {
    await app.close();
    await database.close();
  }
}
