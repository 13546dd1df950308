// Which provision the reader is at: the row under a line just below the app's sticky header,
// looked up once a frame while the window scrolls (no observer per row: rows come and go).
import { useEffect, useRef, type RefObject } from 'react';

/** The app header's height and a little air: where a provision scrolled to lands. */
export const READING_TOP_OFFSET = 72;
const APP_HEADER_HEIGHT = 60;
const AIR = 12;

/**
 * Where a provision lands (px from the top of the window): below the app header, and below the
 * reader's toolbar where it sticks (wide screens).
 */
export function readingTopOffset(column: HTMLElement | null): number {
  const toolbar = column?.querySelector<HTMLElement>('.text-viewer-toolbar');
  if (!toolbar || getComputedStyle(toolbar).position !== 'sticky') return READING_TOP_OFFSET;
  return APP_HEADER_HEIGHT + toolbar.offsetHeight + AIR;
}

/** The provision under a line just below the header (and the sticky toolbar), if the column shows one there. */
export function nodeAtReadingTop(column: HTMLElement | null): string | undefined {
  if (!column || typeof document.elementFromPoint !== 'function') return undefined;
  const box = column.getBoundingClientRect();
  const x = box.left + Math.min(48, box.width / 2);
  const top = readingTopOffset(column);
  // A gap between rows misses: try a little lower.
  for (const y of [top + 4, top + 24, top + 48]) {
    const row = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-node-id]');
    if (row && column.contains(row)) return row.dataset.nodeId;
  }
  return undefined;
}

export function useReadingPosition(
  columnRef: RefObject<HTMLElement | null>,
  onChange: ((nodeId: string) => void) | undefined,
) {
  const report = useRef(onChange);
  report.current = onChange;
  useEffect(() => {
    if (!onChange || typeof document.elementFromPoint !== 'function') return;
    let frame = 0;
    let last: string | undefined;
    const look = () => {
      frame = 0;
      const nodeId = nodeAtReadingTop(columnRef.current);
      if (nodeId !== undefined && nodeId !== last) {
        last = nodeId;
        report.current?.(nodeId);
      }
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(look);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
    // Listens for as long as someone wants to know; the latest callback is read from the ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [Boolean(onChange), columnRef]);
}

/**
 * A window-scrolled list learns where it starts on the page only when the window scrolls or the
 * list resizes; the title, versions and tabs above it arrive later and move it down. Tells it (a
 * scroll event) whenever the page's layout moves the column.
 */
export function useListOffsetWatch(columnRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    let top: number | undefined;
    const observer = new ResizeObserver(() => {
      const column = columnRef.current;
      if (!column) return;
      const next = column.getBoundingClientRect().top + window.scrollY;
      if (top !== undefined && Math.abs(next - top) > 0.5) window.dispatchEvent(new Event('scroll'));
      top = next;
    });
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [columnRef]);
}

/**
 * The find bar sticks below the reader's toolbar where the toolbar sticks: the page's reading
 * section is told the toolbar's bottom (`--reader-sticky-top`).
 */
export function useStickyToolbarHeight(columnRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const toolbar = columnRef.current?.querySelector<HTMLElement>('.text-viewer-toolbar');
    const section = columnRef.current?.closest<HTMLElement>('.reader-main');
    if (!toolbar || !section || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const sticky = getComputedStyle(toolbar).position === 'sticky';
      if (sticky) section.style.setProperty('--reader-sticky-top', `${APP_HEADER_HEIGHT + toolbar.offsetHeight}px`);
      else section.style.removeProperty('--reader-sticky-top');
    });
    observer.observe(toolbar);
    return () => observer.disconnect();
  }, [columnRef]);
}
