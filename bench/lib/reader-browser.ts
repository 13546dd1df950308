// Browser side of the reader bench: Debian's Chromium through Playwright, a probe injected
// before any page script (first text attached + double rAF, first contentful paint, long
// tasks, milestones), navigations in fresh (cold) and reused (warm) contexts, and a steady
// scroll through the virtual list.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.js';

export { CHROMIUM_ARGS, CHROMIUM_PATH };

export const VIEWPORT = { width: 1280, height: 800 };

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
export const newContext = (browser: Browser): Promise<BrowserContext> => browser.newContext({ viewport: VIEWPORT });

/** The reader's text of a fragment (not its skeleton, retry, or cite-key-only line). */
export const READER_TEXT = '[data-fragment-id] p.reader-text';
export const BASELINE_TEXT = 'p.t';

export interface ProbeConfig {
  text: string;
  /** Other elements whose first attachment is worth a time: name -> selector. */
  marks: Record<string, string>;
}

interface ProbeState {
  textAttached?: number;
  textPainted?: number;
  fcp?: number;
  marks: Record<string, number>;
  longTasks: { start: number; duration: number }[];
}

/** Runs in the page before its own scripts (addInitScript); times are ms since navigation start. */
function installProbe(config: ProbeConfig) {
  const state: ProbeState = { marks: {}, longTasks: [] };
  // One request per fragment for spans: keep every entry, not the default 250.
  performance.setResourceTimingBufferSize(100_000);
  (window as unknown as { __readerProbe: ProbeState }).__readerProbe = state;
  const check = () => {
    for (const [name, selector] of Object.entries(config.marks)) {
      if (state.marks[name] === undefined && document.querySelector(selector)) state.marks[name] = performance.now();
    }
    if (state.textAttached !== undefined) return;
    const element = document.querySelector(config.text);
    if (element && (element.textContent ?? '').trim().length > 0) {
      state.textAttached = performance.now();
      requestAnimationFrame(() => requestAnimationFrame(() => (state.textPainted = performance.now())));
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') state.fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // An engine without these entry types: the fields stay empty.
  }
}

export interface ResourceTiming {
  name: string;
  initiator: string;
  startMs: number;
  endMs: number;
  /** Time to first byte from the request start. */
  waitMs: number;
  transferBytes: number;
}

export interface NavigationSample {
  /** First fragment text attached, then two animation frames later (≈ painted). */
  textAttachedMs: number;
  textPaintedMs: number;
  fcpMs: number;
  domContentLoadedMs: number;
  loadMs: number;
  marks: Record<string, number>;
  longTasks: { start: number; duration: number }[];
  resources: ResourceTiming[];
}

export async function preparePage(context: BrowserContext, config: ProbeConfig): Promise<Page> {
  // tsx (esbuild keepNames) wraps named functions in __name(): give serialized functions one.
  await context.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((f) => f);' });
  await context.addInitScript(installProbe, config);
  return context.newPage();
}

/** Navigates `page` to `url` and waits until the probe saw the first text painted and the FCP. */
export async function measureNavigation(page: Page, url: string, timeoutMs = 30_000): Promise<NavigationSample> {
  await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
  await page.waitForFunction(
    () => {
      const state = (window as unknown as { __readerProbe?: ProbeState }).__readerProbe;
      return state?.textPainted !== undefined && state.fcp !== undefined && document.readyState === 'complete';
    },
    undefined,
    { timeout: timeoutMs, polling: 50 },
  );
  return page.evaluate(() => {
    const state = (window as unknown as { __readerProbe: ProbeState }).__readerProbe;
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      name: entry.name.replace(location.origin, ''),
      initiator: entry.initiatorType,
      startMs: Math.round(entry.startTime * 10) / 10,
      endMs: Math.round(entry.responseEnd * 10) / 10,
      waitMs: Math.round((entry.responseStart - entry.requestStart) * 10) / 10,
      transferBytes: entry.transferSize,
    }));
    return {
      textAttachedMs: state.textAttached!,
      textPaintedMs: state.textPainted!,
      fcpMs: state.fcp!,
      domContentLoadedMs: navigation?.domContentLoadedEventEnd ?? Number.NaN,
      loadMs: navigation?.loadEventEnd ?? Number.NaN,
      marks: state.marks,
      longTasks: state.longTasks,
      resources,
    };
  });
}

export interface ScrollResult {
  reachedEnd: boolean;
  durationMs: number;
  steps: number;
  stepPx: number;
  /** Steps spent at the bottom of what was loaded, waiting for the next page. */
  stalledSteps: number;
  /** Fragments in the list (`data-index` + 1 of the last row) when the scroll ended. */
  rowsAtEnd: number;
  finalScrollHeight: number;
  frames: number;
  expectedFrames60Hz: number;
  droppedFramesPct: number;
  /** Gaps between animation frames longer than 1.5 frames, and the longest gap. */
  longFrameGaps: number;
  maxFrameGapMs: number;
  /** Steps where a row on screen still showed its text skeleton. */
  stepsWithSkeletonOnScreen: number;
  /** API requests during the scroll by kind: count, p50 and max duration (ms). */
  requests: Record<string, { count: number; p50Ms: number; maxMs: number }>;
  longTasks: { start: number; duration: number }[];
}

/**
 * Scrolls the list's scroller from top to bottom in steps of `stepPx` at `stepsPerSecond`,
 * waiting at the bottom while the next page loads, until the row `totalRows - 1` is on screen
 * at the bottom (or `maxMs`). Counts animation frames meanwhile; long tasks come from the probe.
 */
export async function scrollToEnd(
  page: Page,
  options: { scroller: string; totalRows: number; stepPx: number; stepsPerSecond: number; maxMs: number },
): Promise<ScrollResult> {
  return page.evaluate(async (o) => {
    const root = document.querySelector<HTMLElement>(o.scroller);
    if (!root) throw new Error(`no scroller ${o.scroller}`);
    // The reader scrolls the window (issue 13); a list with a scroll box of its own scrolls itself.
    const inner =
      root.scrollHeight > root.clientHeight ? root : root.querySelector<HTMLElement>('[data-virtuoso-scroller]');
    const scroller =
      inner && inner.scrollHeight > inner.clientHeight ? inner : (document.scrollingElement as HTMLElement);
    const state = (window as unknown as { __readerProbe: ProbeState }).__readerProbe;
    const frameTimes: number[] = [];
    let running = true;
    const frame = (time: number) => {
      if (!running) return;
      frameTimes.push(time);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const started = performance.now();
    const interval = 1000 / o.stepsPerSecond;
    let steps = 0;
    let stalledSteps = 0;
    let withSkeleton = 0;
    let reachedEnd = false;
    const lastIndex = () => {
      let last = -1;
      for (const row of scroller.querySelectorAll('[data-index]'))
        last = Math.max(last, Number(row.getAttribute('data-index')));
      return last;
    };
    const box =
      scroller === document.scrollingElement
        ? { top: 0, bottom: window.innerHeight }
        : scroller.getBoundingClientRect();
    while (performance.now() - started < o.maxMs) {
      const atBottom = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
      if (atBottom && lastIndex() >= o.totalRows - 1) {
        reachedEnd = true;
        break;
      }
      if (atBottom) stalledSteps++;
      else scroller.scrollTop = Math.min(scroller.scrollTop + o.stepPx, scroller.scrollHeight - scroller.clientHeight);
      steps++;
      const onScreen = [...scroller.querySelectorAll('[data-fragment-id] [aria-busy]')].some((element) => {
        const rect = element.getBoundingClientRect();
        return rect.bottom > box.top && rect.top < box.bottom;
      });
      if (onScreen) withSkeleton++;
      // A steady pace: the next step at its planned time, whatever this one cost.
      const next = started + steps * interval;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
    running = false;
    const ended = performance.now();
    const durationMs = ended - started;
    const kindOf = (name: string) =>
      name.includes('/fragments/texts')
        ? 'texts'
        : name.includes('/spans')
          ? 'spans'
          : /\/documents\/[^/]+\/fragments/u.test(name)
            ? 'fragment pages'
            : 'other';
    const byKind: Record<string, number[]> = {};
    for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      if (entry.startTime < started || !entry.name.includes('/v1/')) continue;
      (byKind[kindOf(entry.name)] ??= []).push(entry.duration);
    }
    const requests = Object.fromEntries(
      Object.entries(byKind).map(([kind, durations]) => {
        const sorted = durations.sort((a, b) => a - b);
        return [
          kind,
          {
            count: sorted.length,
            p50Ms: Math.round(sorted[Math.floor((sorted.length - 1) / 2)]!),
            maxMs: Math.round(sorted.at(-1)!),
          },
        ];
      }),
    );
    const gaps = frameTimes.slice(1).map((time, i) => time - frameTimes[i]!);
    const expected = durationMs / (1000 / 60);
    return {
      reachedEnd,
      durationMs: Math.round(durationMs),
      steps,
      stepPx: o.stepPx,
      stalledSteps,
      rowsAtEnd: lastIndex() + 1,
      finalScrollHeight: scroller.scrollHeight,
      frames: frameTimes.length,
      expectedFrames60Hz: Math.round(expected),
      droppedFramesPct: Math.round(Math.max(0, 1 - frameTimes.length / expected) * 1000) / 10,
      longFrameGaps: gaps.filter((gap) => gap > 1.5 * (1000 / 60)).length,
      maxFrameGapMs: Math.round(Math.max(0, ...gaps) * 10) / 10,
      stepsWithSkeletonOnScreen: withSkeleton,
      requests,
      longTasks: state.longTasks.filter((task) => task.start >= started && task.start <= ended),
    };
  }, options);
}

/** The /assets/ files a fresh context requests while opening `url` until `ready` resolves. */
export async function assetsRequested(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<string[]> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    const seen: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/assets/') && /\.(js|css)$/u.test(path) && !seen.includes(path)) seen.push(path);
    });
    await page.goto(url, { waitUntil: 'load' });
    await ready(page);
    await page.waitForLoadState('networkidle');
    return seen;
  } finally {
    await context.close();
  }
}
