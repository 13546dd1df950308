// Reader bench (browser): Chromium through Playwright opens the document page of the largest
// corpus document and of a 5,000-fragment work, cold and warm, and times the first fragment text
// painted against a plain static HTML page of the same text; scrolls the virtual list top to
// bottom (long tasks, frames); and weighs the JavaScript of the first screen (gzip, per route).
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { buildApp } from '../server/app.js';
import type { Database } from '../server/db/client.js';
import { documentPath } from '../src/shared/document-path.js';
import { analyze, type BenchContext } from './lib/context.js';
import { openCorpusDatabase } from './lib/corpus.js';
import { locationOf, openBenchDatabase, repoRoot } from './lib/engines.js';
import {
  BASELINE_TEXT,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  READER_TEXT,
  VIEWPORT,
  assetsRequested,
  launchBrowser,
  measureNavigation,
  newContext,
  preparePage,
  scrollToEnd,
  type NavigationSample,
  type ProbeConfig,
  type ScrollResult,
} from './lib/reader-browser.js';
import { assetSize, buildWebApp, chunkOwners, entryAssets, kB, sumGzip, type AssetSize } from './lib/reader-bundle.js';
import { ensureReaderWork, largestDocument, staticPage, type ReaderDocument } from './lib/reader-data.js';
import { machine, type PartResult } from './lib/results.js';
import { percentile } from './lib/stats.js';

export const FIRST_TEXT_TARGET_MS = 500;
export const LONG_TASK_LIMIT_MS = 50;
export const FIRST_SCREEN_JS_TARGET_KB = 250;
const RUNS = Number(process.env.BENCH_READER_RUNS ?? 10);
const SCROLL = { stepPx: 240, stepsPerSecond: 40, maxMs: 75_000 };

interface Target {
  key: string;
  label: string;
  kind: 'reader' | 'static';
  doc: ReaderDocument;
  url: string;
}

interface Summary {
  n: number;
  failures: number;
  p50: number;
  p95: number;
  min: number;
  max: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

function summary(values: number[], failures = 0): Summary {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return {
    n: sorted.length,
    failures,
    p50: round1(percentile(sorted, 50)),
    p95: round1(percentile(sorted, 95)),
    min: round1(sorted[0] ?? Number.NaN),
    max: round1(sorted.at(-1) ?? Number.NaN),
  };
}

interface TargetResult {
  key: string;
  label: string;
  kind: Target['kind'];
  url: string;
  cold: {
    textPainted: Summary;
    textAttached: Summary;
    fcp: Summary;
    domContentLoaded: Summary;
    longTasksBeforeText: Summary;
    maxLongTaskMs: number;
  };
  warm: {
    textPainted: Summary;
    textAttached: Summary;
    fcp: Summary;
    domContentLoaded: Summary;
    longTasksBeforeText: Summary;
    maxLongTaskMs: number;
  };
  /** The cold run closest to the median: milestones and every request (the waterfall). */
  medianCold?: NavigationSample;
  samples: { cold: NavigationSample[]; warm: NavigationSample[] };
}

function summarizeRuns(samples: NavigationSample[], failures: number) {
  const beforeText = (s: NavigationSample) => s.longTasks.filter((task) => task.start < s.textPaintedMs);
  return {
    textPainted: summary(
      samples.map((s) => s.textPaintedMs),
      failures,
    ),
    textAttached: summary(samples.map((s) => s.textAttachedMs)),
    fcp: summary(samples.map((s) => s.fcpMs)),
    domContentLoaded: summary(samples.map((s) => s.domContentLoadedMs)),
    longTasksBeforeText: summary(samples.map((s) => beforeText(s).length)),
    maxLongTaskMs: round1(Math.max(0, ...samples.flatMap((s) => beforeText(s).map((task) => task.duration)))),
  };
}

/** A tiny static file server on loopback for the baseline pages (ETag + 304, no compression). */
async function startStaticServer(pages: Record<string, string>): Promise<{ url: string; close: () => Promise<void> }> {
  const bodies = new Map(
    Object.entries(pages).map(([name, html]) => {
      const body = Buffer.from(html, 'utf8');
      return [`/${name}`, { body, etag: `"${crypto.createHash('sha1').update(body).digest('hex')}"` }];
    }),
  );
  const server = http.createServer((request, response) => {
    const page = bodies.get((request.url ?? '/').split('?')[0]!);
    if (!page) {
      response.writeHead(404).end();
      return;
    }
    if (request.headers['if-none-match'] === page.etag) {
      response.writeHead(304, { ETag: page.etag }).end();
      return;
    }
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': page.body.length,
      ETag: page.etag,
      'Cache-Control': 'no-cache',
    });
    response.end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('static server has no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function startApp(database: Database, webRoot: string) {
  const app = await buildApp({ database, webRoot });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  return { url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

const probeFor = (target: Target): ProbeConfig =>
  target.kind === 'reader'
    ? { text: READER_TEXT, marks: { row: '[data-fragment-id]', list: '.text-viewer-list', title: 'h1.document-title' } }
    : { text: BASELINE_TEXT, marks: { heading: 'h1' } };

async function runNavigations(browser: Browser, targets: Target[], log: (line: string) => void) {
  const id = (t: Target) => `${t.kind}:${t.key}`;
  const samples = new Map(
    targets.map((t) => [
      id(t),
      { cold: [] as NavigationSample[], warm: [] as NavigationSample[], failures: { cold: 0, warm: 0 } },
    ]),
  );
  // Untimed: the server's first requests for each document (PGlite cache, JIT) and the browser.
  for (const target of targets) {
    const context = await newContext(browser);
    await measureNavigation(await preparePage(context, probeFor(target)), target.url).catch(() => undefined);
    await context.close();
  }
  for (let run = 0; run < RUNS; run++) {
    for (const target of targets) {
      const bucket = samples.get(id(target))!;
      const context = await newContext(browser);
      try {
        const page = await preparePage(context, probeFor(target));
        for (const phase of ['cold', 'warm'] as const) {
          try {
            bucket[phase].push(await measureNavigation(page, target.url));
          } catch (error) {
            bucket.failures[phase]++;
            log(
              `    ${target.key} ${phase} run ${run + 1} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
            );
          }
        }
      } finally {
        await context.close();
      }
    }
    log(
      `    run ${run + 1}/${RUNS}: ${targets.map((t) => `${id(t)} ${round1(samples.get(id(t))!.cold.at(-1)?.textPaintedMs ?? Number.NaN)}/${round1(samples.get(id(t))!.warm.at(-1)?.textPaintedMs ?? Number.NaN)}`).join(', ')} ms (cold/warm)`,
    );
  }
  return targets.map((target): TargetResult => {
    const bucket = samples.get(id(target))!;
    const cold = summarizeRuns(bucket.cold, bucket.failures.cold);
    const medianCold = [...bucket.cold].sort(
      (a, b) => Math.abs(a.textPaintedMs - cold.textPainted.p50) - Math.abs(b.textPaintedMs - cold.textPainted.p50),
    )[0];
    return {
      key: target.key,
      label: target.label,
      kind: target.kind,
      url: target.url,
      cold,
      warm: summarizeRuns(bucket.warm, bucket.failures.warm),
      medianCold,
      samples: { cold: bucket.cold, warm: bucket.warm },
    };
  });
}

async function runScroll(
  browser: Browser,
  target: Target,
): Promise<ScrollResult & { key: string; loadedBeforeMs: number }> {
  const context = await newContext(browser);
  try {
    const page = await preparePage(context, probeFor(target));
    const loaded = await measureNavigation(page, target.url);
    // Let the first text batch, spans and the idle page settle before scrolling.
    await page.waitForTimeout(1500);
    const result = await scrollToEnd(page, {
      scroller: '.text-viewer-list',
      totalRows: target.doc.fragments,
      ...SCROLL,
    });
    return { key: target.key, loadedBeforeMs: round1(loaded.textPaintedMs), ...result };
  } finally {
    await context.close();
  }
}

interface BundleReport {
  entry: { js: AssetSize[]; css: AssetSize[] };
  home: { js: AssetSize[]; css: AssetSize[] };
  documentPage: { js: AssetSize[]; css: AssetSize[] };
  documentExtra: { js: AssetSize[]; css: AssetSize[] };
  gzipKB: {
    entryJs: number;
    entryCss: number;
    homeJs: number;
    homeCss: number;
    documentJs: number;
    documentCss: number;
    documentExtraJs: number;
  };
  /** Minified bytes per package in the JS of a directly opened document page (source maps). */
  documentJsOwners: { owner: string; bytes: number; approxGzipKB: number }[];
}

async function measureBundle(browser: Browser, webRoot: string, appUrl: string, docUrl: string): Promise<BundleReport> {
  const sized = (urls: string[]) => ({
    js: urls.filter((u) => u.endsWith('.js')).map((u) => assetSize(webRoot, u)),
    css: urls.filter((u) => u.endsWith('.css')).map((u) => assetSize(webRoot, u)),
  });
  const entry = entryAssets(webRoot);
  const homeUrls = await assetsRequested(browser, `${appUrl}/`, (page) =>
    page.waitForSelector('h1', { timeout: 30_000 }),
  );
  const docUrls = await assetsRequested(browser, docUrl, (page) =>
    page.waitForSelector(READER_TEXT, { timeout: 30_000 }),
  );
  const home = sized(homeUrls);
  const documentPage = sized(docUrls);
  const documentExtra = sized(docUrls.filter((u) => !homeUrls.includes(u)));
  // Minified bytes per package, and its gzip share in proportion within each chunk.
  const owners = new Map<string, { bytes: number; gzip: number }>();
  for (const asset of documentPage.js) {
    const list = chunkOwners(webRoot, asset.url);
    const total = list.reduce((sum, item) => sum + item.bytes, 0) || 1;
    for (const item of list) {
      const seen = owners.get(item.owner) ?? { bytes: 0, gzip: 0 };
      owners.set(item.owner, {
        bytes: seen.bytes + item.bytes,
        gzip: seen.gzip + (item.bytes / total) * asset.gzipBytes,
      });
    }
  }
  const documentJsOwners = [...owners]
    .map(([owner, { bytes, gzip }]) => ({ owner, bytes, approxGzipKB: kB(gzip) }))
    .sort((a, b) => b.bytes - a.bytes);
  return {
    entry: sized([...entry.js, ...entry.css]),
    home,
    documentPage,
    documentExtra,
    gzipKB: {
      entryJs: kB(sumGzip(sized(entry.js).js)),
      entryCss: kB(sumGzip(sized(entry.css).css)),
      homeJs: kB(sumGzip(home.js)),
      homeCss: kB(sumGzip(home.css)),
      documentJs: kB(sumGzip(documentPage.js)),
      documentCss: kB(sumGzip(documentPage.css)),
      documentExtraJs: kB(sumGzip(documentExtra.js)),
    },
    documentJsOwners,
  };
}

const pad = (value: string, width: number, right = false) => (right ? value.padStart(width) : value.padEnd(width));

function table(header: string[], lines: string[][], log: (line: string) => void, numericFrom = 1) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) => cells.map((c, i) => pad(c, widths[i]!, i >= numericFrom)).join('  ');
  log(format(header));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) log(format(line));
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '-');

function printReport(
  results: TargetResult[],
  scrolls: (ScrollResult & { key: string })[],
  bundle: BundleReport,
  log: (line: string) => void,
) {
  log('\n[reader] first fragment text painted (ms since navigation start; static HTML: first paragraph)');
  const lines: string[][] = [];
  for (const r of results) {
    for (const phase of ['cold', 'warm'] as const) {
      const s = r[phase];
      lines.push([
        `${r.kind === 'reader' ? 'reader' : 'static HTML'}: ${r.key}`,
        phase,
        String(s.textPainted.n),
        ms(s.textPainted.p50),
        ms(s.textPainted.p95),
        ms(s.textPainted.min),
        ms(s.fcp.p50),
        ms(s.domContentLoaded.p50),
        `${s.longTasksBeforeText.p50} / ${ms(s.maxLongTaskMs)}`,
        r.kind === 'reader'
          ? `p50<${FIRST_TEXT_TARGET_MS} ${s.textPainted.p50 < FIRST_TEXT_TARGET_MS ? 'met' : 'MISSED'}`
          : '',
      ]);
    }
  }
  table(
    ['page', 'nav', 'n', 'text p50', 'p95', 'min', 'FCP p50', 'DCL p50', 'long tasks p50 / max ms', 'target'],
    lines,
    log,
    2,
  );
  for (const r of results.filter((x) => x.kind === 'reader')) {
    const base = results.find((x) => x.kind === 'static' && x.key === r.key);
    if (!base) continue;
    for (const phase of ['cold', 'warm'] as const) {
      log(
        `  ratio reader/static (${r.key}, ${phase}): first text p50 ${(r[phase].textPainted.p50 / base[phase].textPainted.p50).toFixed(2)}x, vs static FCP ${(r[phase].textPainted.p50 / base[phase].fcp.p50).toFixed(2)}x`,
      );
    }
  }
  log('\n[reader] scroll top to bottom (steady scrollTop steps; headless Chromium: no real vsync)');
  table(
    [
      'document',
      'end',
      'rows',
      's',
      'steps',
      'stalled',
      'skeleton steps',
      'frames/expected',
      'dropped %',
      'max gap ms',
      `long tasks >${LONG_TASK_LIMIT_MS}`,
      'max ms',
    ],
    scrolls.map((s) => [
      s.key,
      s.reachedEnd ? 'yes' : 'NO',
      String(s.rowsAtEnd),
      (s.durationMs / 1000).toFixed(1),
      String(s.steps),
      String(s.stalledSteps),
      String(s.stepsWithSkeletonOnScreen),
      `${s.frames}/${s.expectedFrames60Hz}`,
      s.droppedFramesPct.toFixed(1),
      s.maxFrameGapMs.toFixed(0),
      String(s.longTasks.length),
      ms(Math.max(0, ...s.longTasks.map((t) => t.duration))),
    ]),
    log,
  );
  for (const s of scrolls) {
    log(
      `  ${s.key}: API requests during the scroll: ${Object.entries(s.requests)
        .map(([kind, r]) => `${kind} ${r.count} (p50 ${r.p50Ms} ms, max ${r.maxMs} ms)`)
        .join('; ')}`,
    );
  }
  log('\n[reader] JavaScript / CSS to the first screen (gzip kB; target JS < 250 kB)');
  const g = bundle.gzipKB;
  table(
    ['route', 'JS files', 'JS gzip kB', 'CSS gzip kB', 'target'],
    [
      [
        'index.html (script + modulepreload)',
        String(bundle.entry.js.length),
        String(g.entryJs),
        String(g.entryCss),
        '',
      ],
      [
        '/ (home, requested)',
        String(bundle.home.js.length),
        String(g.homeJs),
        String(g.homeCss),
        g.homeJs < FIRST_SCREEN_JS_TARGET_KB ? 'met' : 'MISSED',
      ],
      [
        '/documents/… (opened directly)',
        String(bundle.documentPage.js.length),
        String(g.documentJs),
        String(g.documentCss),
        g.documentJs < FIRST_SCREEN_JS_TARGET_KB ? 'met' : 'MISSED',
      ],
      ['  of which not loaded by /', String(bundle.documentExtra.js.length), String(g.documentExtraJs), '', ''],
    ],
    log,
  );
  log(
    `  biggest packages in the document page's JS (≈gzip kB): ${bundle.documentJsOwners
      .slice(0, 8)
      .map((o) => `${o.owner} ${o.approxGzipKB}`)
      .join(', ')}`,
  );
}

function waterfall(sample: NavigationSample | undefined): string[] {
  if (!sample) return [];
  return sample.resources
    .filter((r) => r.name.startsWith('/v1/') || r.name.startsWith('/assets/'))
    .sort((a, b) => a.startMs - b.startMs)
    .map(
      (r) =>
        `${r.startMs.toFixed(0).padStart(5)} → ${r.endMs.toFixed(0).padStart(5)} ms (wait ${r.waitMs.toFixed(0)})  ${r.initiator.padEnd(6)} ${r.name}`,
    );
}

export async function benchReader(ctx: BenchContext): Promise<PartResult> {
  const ranAt = new Date().toISOString();
  if (ctx.engine !== 'pglite') {
    ctx.log(
      '  SKIPPED on postgres: the reader bench runs on PGlite only (the browser side does not depend on the engine).',
    );
    return {
      part: 'reader',
      ranAt,
      data: { skipped: 'runs on PGlite only' },
      rows: [],
      notes: ['Skipped: the reader bench runs on PGlite only.'],
    };
  }
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
  ctx.log('  building the web app (vite build into a temporary folder)...');
  const built = buildWebApp();
  const corpus = await openCorpusDatabase('pglite', ctx.log);
  const readerDb = await openBenchDatabase('pglite', 'reader', false);
  const closers: (() => Promise<unknown>)[] = [() => corpus.close(), () => readerDb.close()];
  try {
    await analyze(corpus.raw);
    const largest = await largestDocument(corpus);
    const { doc: work, builtS } = await ensureReaderWork(readerDb, ctx.log);
    await analyze(readerDb.raw);
    ctx.log(
      `  documents: largest ${largest.externalId} (${largest.fragments} fragments in ${largest.lang}); ${work.externalId} (${work.fragments})`,
    );
    const pages = {
      'largest.html': await staticPage(corpus, largest),
      'reader-5000.html': await staticPage(readerDb, work),
    };
    const corpusApp = await startApp(corpus, built.dir);
    closers.unshift(() => corpusApp.close());
    const readerApp = await startApp(readerDb, built.dir);
    closers.unshift(() => readerApp.close());
    const staticServer = await startStaticServer(pages);
    closers.unshift(() => staticServer.close());
    const browser = await launchBrowser();
    closers.unshift(() => browser.close());

    const targets: Target[] = [
      {
        key: 'largest',
        label: `${largest.externalId}: ${largest.title}`,
        kind: 'reader',
        doc: largest,
        url: corpusApp.url + documentPath(largest.documentId, largest.title),
      },
      {
        key: 'largest',
        label: 'static HTML of the same text',
        kind: 'static',
        doc: largest,
        url: `${staticServer.url}/largest.html`,
      },
      {
        key: '5000',
        label: `${work.externalId}: ${work.title}`,
        kind: 'reader',
        doc: work,
        url: readerApp.url + documentPath(work.documentId, work.title),
      },
      {
        key: '5000',
        label: 'static HTML of the same text',
        kind: 'static',
        doc: work,
        url: `${staticServer.url}/reader-5000.html`,
      },
    ];
    ctx.log('  JavaScript of the first screen (requests of / and of a document page)...');
    const bundle = await measureBundle(browser, built.dir, corpusApp.url, targets[0]!.url);
    ctx.log(`  navigations: ${RUNS} × (fresh context: cold, then warm) × ${targets.length} pages...`);
    const results = await runNavigations(browser, targets, ctx.log);
    const scrolls: (ScrollResult & { key: string; loadedBeforeMs: number })[] = [];
    for (const target of targets.filter((t) => t.kind === 'reader')) {
      ctx.log(`  scrolling ${target.key} (${target.doc.fragments} rows) top to bottom...`);
      scrolls.push(await runScroll(browser, target));
    }
    printReport(results, scrolls, bundle, ctx.log);
    for (const r of results.filter((x) => x.kind === 'reader')) {
      ctx.log(`\n[reader] requests of the median cold run, ${r.key} (start → end since navigation start):`);
      for (const line of waterfall(r.medianCold)) ctx.log(`  ${line}`);
      ctx.log(
        `  milestones: FCP ${ms(r.medianCold?.fcpMs ?? Number.NaN)}, ${Object.entries(r.medianCold?.marks ?? {})
          .map(([k, v]) => `${k} ${ms(v)}`)
          .join(
            ', ',
          )}, text attached ${ms(r.medianCold?.textAttachedMs ?? Number.NaN)}, painted ${ms(r.medianCold?.textPaintedMs ?? Number.NaN)}`,
      );
    }

    const data = {
      runs: RUNS,
      browser: { executable: CHROMIUM_PATH, version: browser.version(), args: CHROMIUM_ARGS, viewport: VIEWPORT },
      scrollSettings: SCROLL,
      webBuild: { buildS: built.buildS },
      documents: {
        largest: {
          ...largest,
          database: locationOf('pglite', 'corpus'),
          staticHtmlBytes: Buffer.byteLength(pages['largest.html']),
        },
        '5000': {
          ...work,
          database: locationOf('pglite', 'reader'),
          builtS,
          staticHtmlBytes: Buffer.byteLength(pages['reader-5000.html']),
        },
      },
      targets: {
        firstTextMs: FIRST_TEXT_TARGET_MS,
        longTaskMs: LONG_TASK_LIMIT_MS,
        firstScreenJsKB: FIRST_SCREEN_JS_TARGET_KB,
      },
      navigation: results.map(({ samples: _samples, medianCold, ...rest }) => ({
        ...rest,
        medianColdWaterfall: waterfall(medianCold),
        medianColdMarks: medianCold?.marks,
      })),
      ratios: results
        .filter((r) => r.kind === 'reader')
        .map((r) => {
          const base = results.find((x) => x.kind === 'static' && x.key === r.key)!;
          return {
            key: r.key,
            coldTextP50: round1(r.cold.textPainted.p50 / base.cold.textPainted.p50),
            warmTextP50: round1(r.warm.textPainted.p50 / base.warm.textPainted.p50),
            coldVsStaticFcpP50: round1(r.cold.textPainted.p50 / base.cold.fcp.p50),
          };
        }),
      scroll: scrolls,
      bundle,
    };
    const detail = path.join(repoRoot, 'bench/results/reader-latest.json');
    fs.mkdirSync(path.dirname(detail), { recursive: true });
    fs.writeFileSync(
      detail,
      `${JSON.stringify({ ranAt, machine: machine(), ...data, samples: results.map((r) => ({ kind: r.kind, key: r.key, ...r.samples })) }, null, 2)}\n`,
    );
    ctx.log(`\n  every sample and request: ${path.relative(repoRoot, detail)}`);
    return {
      part: 'reader',
      ranAt,
      data,
      rows: [],
      notes: [
        'First text = a MutationObserver (injected before the app) sees the first fragment text element with text attached; two requestAnimationFrame later ≈ painted. Times are ms since navigation start.',
        'cold = fresh browser context (empty HTTP cache); warm = second navigation in the same context. The server was warmed by one untimed navigation per page.',
        'Headless Chromium has no display vsync: frames are produced by its own 60 Hz begin-frame clock, so frame counts show main-thread stalls, not real display frames.',
      ],
    };
  } finally {
    for (const close of closers) await close().catch(() => undefined);
    fs.rmSync(built.dir, { recursive: true, force: true });
  }
}
