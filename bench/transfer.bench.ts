// Transfer bench (issue 14): the bytes a browser really receives (compressed, headers included, as
// Chromium's network stack counts them: CDP Network.loadingFinished encodedDataLength) for the home
// page, /documents and the document page of 416/2023 Sb., up to the first content (on the document
// page: the first law text) and in all, cold (fresh profile) and warm (the same page again). Beside
// it the anchor: the same law's whole text as one static HTML page, gzip, from a bare node:http server.
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import type { Browser, BrowserContext } from '@playwright/test';
import { buildApp } from '../server/app.js';
import { openDatabase, type Database } from '../server/db/client.js';
import { documentPath } from '../src/shared/document-path.js';
import type { BenchContext } from './lib/context.js';
import { openCorpusDatabase } from './lib/corpus.js';
import { CHROMIUM_PATH, READER_TEXT, VIEWPORT, launchBrowser } from './lib/reader-browser.js';
import { buildWebApp, kB } from './lib/reader-bundle.js';
import { documentByExternalId, staticPage, type ReaderDocument } from './lib/reader-data.js';
import { machine, type PartResult } from './lib/results.js';

export const BYTES_BEFORE_TEXT_TARGET_KB = 120;
const RUNS = Number(process.env.BENCH_TRANSFER_RUNS ?? 3);
const DOCUMENT = '416/2023 Sb.';

interface Page {
  key: 'home' | 'documents' | 'document' | 'anchor';
  label: string;
  url: string;
  /** The first content: its first element with text marks the moment bytes are counted up to. */
  mark: string;
}

interface Received {
  url: string;
  type: string;
  bytes: number;
  fromCache: boolean;
  /** Epoch ms: response headers in, loading finished. */
  responseAt?: number;
  finishedAt: number;
}

export interface TransferSample {
  markMs: number;
  before: { requests: number; bytes: number; byType: Record<string, number> };
  all: { requests: number; bytes: number; byType: Record<string, number> };
  /** The requests up to the mark (path, type, bytes), for the report. */
  requestsBefore: { path: string; type: string; bytes: number }[];
}

/** One navigation with CDP's network events; bytes counted up to the mark and after the network is quiet. */
async function measure(context: BrowserContext, page: Page): Promise<TransferSample> {
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  const pending = new Map<string, { url: string; type: string; fromCache: boolean; responseAt?: number }>();
  const received: Received[] = [];
  // CDP's `timestamp` is a monotonic clock in seconds; wallTime ties it to the epoch.
  let offsetS: number | undefined;
  const wallMs = (timestamp: number) => (timestamp + (offsetS ?? 0)) * 1000;
  cdp.on('Network.requestWillBeSent', (e) => {
    offsetS ??= e.wallTime - e.timestamp;
    pending.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', fromCache: false });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const request = pending.get(e.requestId);
    if (request) request.fromCache = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const request = pending.get(e.requestId);
    if (!request) return;
    request.type = e.type;
    request.responseAt = wallMs(e.timestamp);
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) request.fromCache = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const request = pending.get(e.requestId);
    if (!request) return;
    pending.delete(e.requestId);
    received.push({ ...request, bytes: e.encodedDataLength, finishedAt: wallMs(e.timestamp) });
  });
  // As source text: tsx would wrap a named inner function in a helper the page does not have.
  await tab.addInitScript({
    content: `(() => {
      const selector = ${JSON.stringify(page.mark)};
      const check = () => {
        if (window.__markAt !== undefined) return;
        const element = document.querySelector(selector);
        if (element && (element.textContent || '').trim()) window.__markAt = performance.timeOrigin + performance.now();
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
    })();`,
  });
  const started = Date.now();
  await tab.goto(page.url, { waitUntil: 'commit' });
  const errors: string[] = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  await tab
    .waitForFunction(() => (window as unknown as { __markAt?: number }).__markAt !== undefined, undefined, {
      timeout: 60_000,
    })
    .catch(async (error: unknown) => {
      const body = (await tab.innerText('body').catch(() => '')).slice(0, 300).replace(/\s+/gu, ' ');
      throw new Error(
        `${page.key}: no "${page.mark}" in 60 s (${String(error).split('\n')[0]}); errors: ${errors.join('; ')}; body: ${body}`,
      );
    });
  const markAt = await tab.evaluate(() => (window as unknown as { __markAt: number }).__markAt);
  await tab.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
  await tab.close();
  // A response still arriving at the mark (the anchor's streamed page) counts whole.
  const before = received.filter((r) => r.finishedAt <= markAt || (r.responseAt ?? Infinity) <= markAt);
  const sum = (list: Received[]) => {
    const byType: Record<string, number> = {};
    for (const r of list) byType[r.type] = (byType[r.type] ?? 0) + r.bytes;
    return { requests: list.length, bytes: list.reduce((total, r) => total + r.bytes, 0), byType };
  };
  return {
    markMs: Math.round(markAt - started),
    before: sum(before),
    all: sum(received),
    requestsBefore: before.map((r) => ({ path: new URL(r.url).pathname, type: r.type, bytes: r.bytes })),
  };
}

/** The anchor: one static HTML page, gzip when the browser takes it, ETag + 304 when warm. */
export async function startAnchorServer(html: string) {
  const raw = Buffer.from(html, 'utf8');
  const gzip = zlib.gzipSync(raw, { level: 9 });
  const etag = `"anchor-${gzip.length}"`;
  const server = http.createServer((request, response) => {
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { ETag: etag }).end();
      return;
    }
    const gzipOk = /\bgzip\b/u.test(String(request.headers['accept-encoding'] ?? ''));
    const body = gzipOk ? gzip : raw;
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': body.length,
      ...(gzipOk ? { 'Content-Encoding': 'gzip' } : {}),
      Vary: 'Accept-Encoding',
      ETag: etag,
      'Cache-Control': 'no-cache',
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('anchor server has no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}/416-2023.html`,
    rawBytes: raw.length,
    gzipBytes: gzip.length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function findDocument(database: Database): Promise<ReaderDocument> {
  const found = await documentByExternalId(database, DOCUMENT);
  if (!found) throw new Error(`${DOCUMENT} is not in the database`);
  return found;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

async function runPages(browser: Browser, pages: Page[], log: (line: string) => void) {
  const results: Record<string, { cold: TransferSample[]; warm: TransferSample[] }> = {};
  for (const page of pages) {
    results[page.key] = { cold: [], warm: [] };
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: VIEWPORT });
      try {
        results[page.key]!.cold.push(await measure(context, page));
        results[page.key]!.warm.push(await measure(context, page));
      } finally {
        await context.close();
      }
    }
    const r = results[page.key]!;
    log(
      `    ${page.key}: before first content ${kB(median(r.cold.map((s) => s.before.bytes)))} kB cold / ${kB(median(r.warm.map((s) => s.before.bytes)))} kB warm; all ${kB(median(r.cold.map((s) => s.all.bytes)))} / ${kB(median(r.warm.map((s) => s.all.bytes)))} kB`,
    );
  }
  return results;
}

export async function benchTransfer(ctx: BenchContext): Promise<PartResult> {
  const ranAt = new Date().toISOString();
  if (ctx.engine !== 'pglite') {
    ctx.log('  SKIPPED on postgres: the transfer bench runs on PGlite only (bytes do not depend on the engine).');
    return { part: 'transfer', ranAt, data: { skipped: 'runs on PGlite only' }, rows: [], notes: [] };
  }
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
  ctx.log('  building the web app (vite build into a temporary folder, with its .br/.gz copies)...');
  const built = buildWebApp();
  // BENCH_TRANSFER_DATA_DIR: a server's DATA_DIR (its PGlite database) holding 416/2023 Sb.,
  // instead of the whole corpus database.
  const dataDir = process.env.BENCH_TRANSFER_DATA_DIR;
  const database = dataDir ? await openDatabase({ dataDir }) : await openCorpusDatabase('pglite', ctx.log);
  const closers: (() => Promise<unknown>)[] = [() => database.close()];
  try {
    const doc = await findDocument(database);
    const app = await buildApp({ database, webRoot: built.dir });
    await app.listen({ port: 0, host: '127.0.0.1' });
    closers.unshift(() => app.close());
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
    const base = `http://127.0.0.1:${address.port}`;
    const anchor = await startAnchorServer(await staticPage(database, doc));
    closers.unshift(() => anchor.close());
    const browser = await launchBrowser();
    closers.unshift(() => browser.close());
    const pages: Page[] = [
      { key: 'home', label: 'home /', url: `${base}/`, mark: 'h1' },
      {
        key: 'documents',
        label: '/documents (first document in the list)',
        url: `${base}/documents`,
        mark: '.documents-list a[href*="/documents/"]',
      },
      {
        key: 'document',
        label: `${doc.externalId} (first law text)`,
        url: base + documentPath(doc.documentId, doc.title),
        mark: READER_TEXT,
      },
      {
        key: 'anchor',
        label: 'anchor: static gzip HTML of the same law (first paragraph)',
        url: anchor.url,
        mark: 'p',
      },
    ];
    ctx.log(
      `  ${RUNS} × (fresh context: cold, then warm) × ${pages.length} pages; ${doc.externalId}: ${doc.fragments} fragments`,
    );
    const results = await runPages(browser, pages, ctx.log);

    const line = (label: string, phase: 'cold' | 'warm', samples: TransferSample[], target?: boolean) => {
      const before = median(samples.map((s) => s.before.bytes));
      return [
        label,
        phase,
        String(median(samples.map((s) => s.before.requests))),
        String(kB(before)),
        String(kB(median(samples.map((s) => s.all.bytes)))),
        String(median(samples.map((s) => s.all.requests))),
        String(median(samples.map((s) => s.markMs))),
        target ? (before <= BYTES_BEFORE_TEXT_TARGET_KB * 1024 ? 'met' : 'MISSED') : '',
      ];
    };
    const table = pages.flatMap((page) =>
      (['cold', 'warm'] as const).map((phase) =>
        line(page.label, phase, results[page.key]![phase], page.key === 'document' && phase === 'cold'),
      ),
    );
    const header = [
      'page',
      'nav',
      'requests before',
      'kB before',
      'kB all',
      'requests all',
      'mark ms',
      `<= ${BYTES_BEFORE_TEXT_TARGET_KB} kB`,
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
    ctx.log('\n[transfer] bytes received (compressed, with headers; CDP encodedDataLength), median of runs');
    ctx.log(header.map((h, i) => h.padEnd(widths[i]!)).join('  '));
    for (const row of table)
      ctx.log(row.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
    const docCold = results.document!.cold;
    const medianRun = [...docCold].sort((a, b) => a.before.bytes - b.before.bytes)[
      Math.floor((docCold.length - 1) / 2)
    ];
    ctx.log(`\n[transfer] document page, cold: requests before the first law text (median run)`);
    for (const r of medianRun?.requestsBefore ?? [])
      ctx.log(`  ${String(r.bytes).padStart(8)} B  ${r.type.padEnd(10)} ${r.path}`);

    const documentBeforeKB = kB(median(docCold.map((s) => s.before.bytes)));
    return {
      part: 'transfer',
      ranAt,
      data: {
        runs: RUNS,
        machine: machine(),
        browser: { executable: CHROMIUM_PATH, version: browser.version() },
        database: dataDir ?? 'data/bench/pglite-corpus',
        document: { ...doc, staticHtmlBytes: anchor.rawBytes, staticHtmlGzipBytes: anchor.gzipBytes },
        webBuild: { buildS: built.buildS },
        target: { bytesBeforeFirstTextKB: BYTES_BEFORE_TEXT_TARGET_KB, documentColdKB: documentBeforeKB },
        pages: Object.fromEntries(
          pages.map((page) => [
            page.key,
            {
              label: page.label,
              mark: page.mark,
              cold: results[page.key]!.cold.map(({ requestsBefore: _, ...rest }) => rest),
              warm: results[page.key]!.warm.map(({ requestsBefore: _, ...rest }) => rest),
            },
          ]),
        ),
        documentRequestsBefore: medianRun?.requestsBefore ?? [],
      },
      rows: [],
      notes: [
        `Bytes before the first law text on ${DOCUMENT}, cold: ${documentBeforeKB} kB (target <= ${BYTES_BEFORE_TEXT_TARGET_KB} kB: ${documentBeforeKB <= BYTES_BEFORE_TEXT_TARGET_KB ? 'met' : 'missed'}); the static gzip page of the whole law: ${kB(anchor.gzipBytes)} kB.`,
      ],
    };
  } finally {
    for (const close of closers) await close().catch(() => undefined);
    fs.rmSync(built.dir, { recursive: true, force: true });
  }
}
