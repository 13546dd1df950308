// Scrolling to a provision holds until the page stops moving. Rows above it change height after
// the first scroll (their texts arrive, the text face loads, the banner and toolbar appear), and
// a window-scrolled virtual list does not always make up for it: a deep link to Čl. 54 settled
// at Čl. 56. So the row is watched for a few seconds and scrolled to again while it drifts,
// until it stays put or the reader takes over (wheel, touch, key or pointer).
import { useEffect, type RefObject } from 'react';
import type { VirtuosoHandle } from 'react-virtuoso';
import { READING_TOP_OFFSET } from './reading-position';

/** How far (px) the row may sit from its place before it is scrolled to again. */
const TOLERANCE_PX = 6;
const CHECK_EVERY_MS = 120;
/** Still for this long: settled. */
const SETTLED_AFTER_MS = 1_500;
/** Never longer than this. */
const GIVE_UP_AFTER_MS = 6_000;
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

export function useSettledScroll(
  listRef: RefObject<VirtuosoHandle | null>,
  columnRef: RefObject<HTMLElement | null>,
  index: number | undefined,
  /** Changes when the same row is asked for again (a second click on the same provision). */
  request: unknown,
) {
  useEffect(() => {
    if (index === undefined || index < 0) return;
    const scroll = () => listRef.current?.scrollToIndex({ index, align: 'start', offset: -READING_TOP_OFFSET });
    scroll();
    const started = performance.now();
    let stillSince = started;
    const atPageEnd = () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    const check = () => {
      const now = performance.now();
      if (now - started > GIVE_UP_AFTER_MS) return stop();
      const row = columnRef.current?.querySelector(`[data-index="${index}"]`);
      const drift = row ? row.getBoundingClientRect().top - READING_TOP_OFFSET : Number.POSITIVE_INFINITY;
      // Near the end of an act the page cannot scroll the row up to the top: that is its place.
      if (Math.abs(drift) > TOLERANCE_PX && !(drift > 0 && atPageEnd())) {
        scroll();
        stillSince = now;
      } else if (now - stillSince > SETTLED_AFTER_MS) stop();
    };
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    const stop = () => {
      window.clearInterval(timer);
      for (const type of READER_INPUT) window.removeEventListener(type, stop, true);
    };
    for (const type of READER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
    return stop;
    // A new target (or the same one asked for again) starts over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index, request]);
}
