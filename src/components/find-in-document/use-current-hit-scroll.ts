// Brings the find's current hit into view: going to a hit scrolls the reader to its provision (the
// page's node.select), which may leave a hit deep in a long passage below the window; once the
// hit's <mark> is rendered it is centred, unless it is already in view. Tried a few times, as the
// provision's page may still be loading.
import { useEffect } from 'react';
import type { FindPosition } from '../../machines/reader/find-in-document.machine';

/** After the provision scroll (the reader's own scroll delay is 100 ms), then retried. */
const ATTEMPTS_MS = [250, 600, 1200, 2400];
/** The sticky header and find bar cover the top of the window. */
const TOP_COVERED = 140;

const selectorOf = (position: FindPosition) =>
  `[data-fragment-id="${position.fragmentId}"] mark.find-hit[data-hit="${position.occurrence}"]`;

function inView(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.top >= TOP_COVERED && box.bottom <= window.innerHeight;
}

export function useCurrentHitScroll(position: FindPosition | undefined): void {
  useEffect(() => {
    if (!position) return;
    const timers = ATTEMPTS_MS.map((delay) =>
      window.setTimeout(() => {
        const mark = document.querySelector(selectorOf(position));
        if (!mark) return;
        if (!inView(mark)) mark.scrollIntoView({ block: 'center' });
        timers.forEach((timer) => window.clearTimeout(timer));
      }, delay),
    );
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [position]);
}
