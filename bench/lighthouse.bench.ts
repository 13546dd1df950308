// Lighthouse bench (issue 14): Lighthouse 12 (npm, Node API; 13 needs Node 22) on Debian's Chromium against the built
// app served by the real server on a fresh PGlite holding 416/2023 Sb., and against the anchor (the
// same law's whole text as one static gzip HTML page from a bare node:http server), in one run.
// Pages: home, /documents, the document page of 416/2023 Sb.; profiles: Lighthouse's default mobile
// (simulated slow 4G, 4x CPU) and its desktop preset. Per page and profile: the median of RUNS runs
// of the performance score, FCP, LCP, TBT and CLS (Lighthouse's simulated throttling).
// "First law text painted": Lighthouse's LCP element is the page's h1 (the law's title) on both the
// document page and the anchor, not law text, and the app sets no user timing. So a probe injected
// before any page script (puppeteer evaluateOnNewDocument) sets the user timing
// `lexhub:first-law-text` two animation frames after the first law text (the reader's
// p.reader-text, the anchor's p.t) is in the DOM. A user timing is an observed time: under simulated
// throttling it is unthrottled, so the document page and the anchor are run again with the same
// profile applied for real (throttlingMethod 'devtools'), and the ratio comes from those runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { buildApp } from '../server/app.js';
import { openDatabase } from '../server/db/client.js';
import { importPaths } from '../server/importers/import-files.js';
import { documentPath } from '../src/shared/document-path.js';
import type { BenchContext } from './lib/context.js';
import { corpusDir } from './lib/corpus.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/reader-browser.js';
import { buildWebApp } from './lib/reader-bundle.js';
import { documentByExternalId, staticPage } from './lib/reader-data.js';
import { machine, type PartResult } from './lib/results.js';
import { startAnchorServer } from './transfer.bench.js';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const DOCUMENT = '416/2023 Sb.';
const DOCUMENT_FILE = 'cz-esbirka-original-json/416_2023.json';
/** Law text: the reader's fragment text, the anchor's text paragraph. */
const LAW_TEXT_SELECTOR = '[data-fragment-id] p.reader-text, p.t';
const MARK = 'lexhub:first-law-text';
/** Runs before the page's scripts: marks the first law text two frames after it is attached. */
const PROBE = `(() => {
  let seen = false;
  const check = () => {
    if (seen) return;
    const element = document.querySelector(${JSON.stringify(LAW_TEXT_SELECTOR)});
    if (!element || !(element.textContent || '').trim()) return;
    seen = true;
    requestAnimationFrame(() => requestAnimationFrame(() => performance.mark(${JSON.stringify(MARK)})));
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();`;
const TARGETS = { mobileScore: 90, desktopScore: 95, cls: 0.05, mobileTbtMs: 200, textRatio: 1 };

type Profile = 'mobile' | 'desktop';
type PageKey = 'home' | 'documents' | 'document' | 'anchor';

export interface LighthouseSample {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's LCP element (CSS selector and its text's start), when it names one. */
  lcpElement?: { selector: string; label: string };
  /** The probe's user timing (observed, ms from navigation start); undefined when no law text came. */
  lawTextMs?: number;
}

/** The first DOM node an audit's details name (the LCP breakdown insight names the LCP element). */
function firstNode(value: unknown): { selector: string; label: string } | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (record.type === 'node' && typeof record.selector === 'string')
    return { selector: record.selector, label: String(record.nodeLabel ?? '').slice(0, 60) };
  for (const inner of Object.values(record)) {
    const found = firstNode(inner);
    if (found) return found;
  }
  return undefined;
}

function sampleOf(lhr: Result): LighthouseSample {
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== 'number')
      throw new Error(`Lighthouse gave no ${id} (${lhr.runtimeError?.message ?? 'no error'})`);
    return value;
  };
  const lcpElement = firstNode(lhr.audits['lcp-breakdown-insight']?.details);
  const timings = (lhr.audits['user-timings']?.details as { items?: { name: string; startTime: number }[] } | undefined)
    ?.items;
  const mark = timings?.find((item) => item.name === MARK);
  return {
    score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    fcpMs: Math.round(numeric('first-contentful-paint')),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    tbtMs: Math.round(numeric('total-blocking-time')),
    cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
    lcpElement,
    lawTextMs: mark ? Math.round(mark.startTime) : undefined,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

function summary(samples: LighthouseSample[]) {
  const lawText = samples.flatMap((s) => (s.lawTextMs === undefined ? [] : [s.lawTextMs]));
  return {
    score: median(samples.map((s) => s.score)),
    fcpMs: median(samples.map((s) => s.fcpMs)),
    lcpMs: median(samples.map((s) => s.lcpMs)),
    tbtMs: median(samples.map((s) => s.tbtMs)),
    cls: median(samples.map((s) => s.cls)),
    /** The probe's first-law-text user timing (observed); undefined when no run had one. */
    lawTextMs: lawText.length ? median(lawText) : undefined,
    lawTextRuns: lawText.length,
    lcpElements: [...new Set(samples.map((s) => s.lcpElement?.selector ?? 'none'))],
  };
}

/** One Lighthouse run in a new tab with the probe; a trace Lighthouse could not read is retried twice. */
async function lighthouseRun(
  browser: Browser,
  url: string,
  config: Config | undefined,
  flags: Flags,
  versions: { lighthouse: string; chromium: string },
  key: string,
): Promise<LighthouseSample> {
  let problem = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const tab = await browser.newPage();
    try {
      await tab.evaluateOnNewDocument(PROBE);
      const result = await lighthouse(
        url,
        { output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...flags },
        config,
        tab,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      versions.lighthouse = result.lhr.lighthouseVersion;
      versions.chromium = /Chrome\/([\d.]+)/u.exec(result.lhr.environment.hostUserAgent)?.[1] ?? 'unknown';
      if (!result.lhr.runtimeError) return sampleOf(result.lhr);
      problem = `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`;
    } finally {
      await tab.close().catch(() => undefined);
    }
  }
  throw new Error(`${key}: ${problem}`);
}

export async function benchLighthouse(ctx: BenchContext): Promise<PartResult> {
  const ranAt = new Date().toISOString();
  if (ctx.engine !== 'pglite') {
    ctx.log(
      '  SKIPPED on postgres: the Lighthouse bench runs on PGlite only (the page does not depend on the engine).',
    );
    return { part: 'lighthouse', ranAt, data: { skipped: 'runs on PGlite only' }, rows: [], notes: [] };
  }
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
  // chrome-launcher reads CHROME_PATH; Lighthouse never downloads a browser of its own.
  process.env.CHROME_PATH = CHROMIUM_PATH;
  const closers: (() => Promise<unknown>)[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-lighthouse-db-'));
  ctx.log('  building the web app (vite build into a temporary folder)...');
  const built = buildWebApp();
  try {
    const database = await openDatabase({ dataDir });
    closers.push(() => database.close());
    const report = await importPaths(database.db, [path.join(corpusDir(), DOCUMENT_FILE)]);
    if (report.errors.length) throw new Error(`import of ${DOCUMENT_FILE} failed: ${report.errors[0]!.message}`);
    const doc = await documentByExternalId(database, DOCUMENT);
    if (!doc) throw new Error(`${DOCUMENT} is not in the fresh database`);
    const anchor = await startAnchorServer(await staticPage(database, doc));
    closers.unshift(() => anchor.close());
    const app = await buildApp({ database, webRoot: built.dir });
    closers.unshift(() => app.close());
    // Fastify answers the address it listens on: http://127.0.0.1:<port>.
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: [...CHROMIUM_ARGS.filter((flag) => flag !== '--headless'), '--headless=new'],
    });
    closers.unshift(async () => chrome.kill());
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    closers.unshift(() => browser.disconnect());

    const pages: { key: PageKey; label: string; url: string }[] = [
      { key: 'home', label: 'home /', url: `${base}/` },
      { key: 'documents', label: '/documents', url: `${base}/documents` },
      { key: 'document', label: `document page of ${DOCUMENT}`, url: base + documentPath(doc.documentId, doc.title) },
      { key: 'anchor', label: `anchor: static gzip page of ${DOCUMENT}`, url: anchor.url },
    ];
    const profiles: { key: Profile; config?: Config }[] = [
      { key: 'mobile' },
      { key: 'desktop', config: desktopConfig },
    ];
    ctx.log(
      `  ${RUNS} runs × ${pages.length} pages × ${profiles.length} profiles, then the document page and the anchor with throttling applied (devtools); Lighthouse on ${CHROMIUM_PATH}`,
    );
    const samples: Record<string, LighthouseSample[]> = {};
    const versions = { lighthouse: '', chromium: '' };
    const measure = async (key: string, url: string, config: Config | undefined, flags: Flags) => {
      samples[key] = [];
      for (let run = 0; run < RUNS; run++) {
        samples[key].push(await lighthouseRun(browser, url, config, flags, versions, key));
      }
      const s = summary(samples[key]);
      ctx.log(
        `    ${key.padEnd(26)} score ${s.score}  FCP ${s.fcpMs} ms  LCP ${s.lcpMs} ms  TBT ${s.tbtMs} ms  CLS ${s.cls}  law text ${s.lawTextMs ?? '-'} ms  LCP element ${s.lcpElements.join(' | ')}`,
      );
    };
    for (const profile of profiles)
      for (const page of pages) await measure(`${profile.key}:${page.key}`, page.url, profile.config, {});
    for (const profile of profiles)
      for (const page of pages.filter((p) => p.key === 'document' || p.key === 'anchor'))
        await measure(`${profile.key}:${page.key}:applied`, page.url, profile.config, { throttlingMethod: 'devtools' });

    const table = profiles.flatMap((profile) =>
      pages.map((page) => ({
        profile: profile.key,
        page: page.key,
        ...summary(samples[`${profile.key}:${page.key}`]!),
      })),
    );
    const firstText = profiles.map((profile) => {
      const lawText = (page: PageKey) => summary(samples[`${profile.key}:${page}:applied`]!).lawTextMs;
      const documentMs = lawText('document');
      const anchorMs = lawText('anchor');
      const ratio =
        documentMs !== undefined && anchorMs !== undefined
          ? Math.round((documentMs / anchorMs) * 100) / 100
          : undefined;
      return { profile: profile.key, documentMs, anchorMs, ratio };
    });
    const header = [
      'profile',
      'page',
      'score',
      'FCP ms',
      'LCP ms',
      'TBT ms',
      'CLS',
      'law text ms (observed)',
      'LCP element',
    ];
    const rows = table.map((row) => [
      row.profile,
      row.page,
      String(row.score),
      String(row.fcpMs),
      String(row.lcpMs),
      String(row.tbtMs),
      String(row.cls),
      row.lawTextMs === undefined ? '-' : String(row.lawTextMs),
      row.lcpElements.join(' | '),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
    ctx.log(`\n[lighthouse] Lighthouse ${versions.lighthouse}, Chromium ${versions.chromium}; median of ${RUNS}`);
    ctx.log(header.map((h, i) => h.padEnd(widths[i]!)).join('  '));
    for (const row of rows) ctx.log(row.map((c, i) => c.padEnd(widths[i]!)).join('  '));
    const notes = firstText.map(({ profile, documentMs, anchorMs, ratio }) =>
      ratio === undefined
        ? `First law text painted, ${profile} (throttling applied): no ratio (no law text on ${documentMs === undefined ? 'the document page' : 'the anchor'}).`
        : `First law text painted, ${profile} (throttling applied): document page ${documentMs} ms, static page ${anchorMs} ms, ratio ${ratio} (target <= ${TARGETS.textRatio}: ${ratio <= TARGETS.textRatio ? 'met' : 'missed'}).`,
    );
    for (const note of notes) ctx.log(`  ${note}`);
    return {
      part: 'lighthouse',
      ranAt,
      data: {
        runs: RUNS,
        machine: machine(),
        lighthouseVersion: versions.lighthouse,
        chromium: { executable: CHROMIUM_PATH, version: versions.chromium },
        database: 'fresh PGlite (temporary folder) with 416/2023 Sb. imported',
        document: { ...doc, staticHtmlGzipBytes: anchor.gzipBytes },
        webBuild: { buildS: built.buildS },
        targets: TARGETS,
        table,
        firstText,
        samples,
      },
      rows: [],
      notes,
    };
  } finally {
    for (const close of closers) await close().catch(() => undefined);
    fs.rmSync(built.dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
