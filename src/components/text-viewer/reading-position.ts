// Which provision the reader is at: the row under a line just below the app's sticky header,
// looked up once a frame while the window scrolls (no observer per row: rows come and go).
import { useEffect, useRef, type RefObject } from 'react';

/** The app header's height and a little air: where a provision scrolled to lands. */
export const READING_TOP_OFFSET = 72;

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
      const column = columnRef.current;
      if (!column) return;
      const box = column.getBoundingClientRect();
      const x = box.left + Math.min(48, box.width / 2);
      // A gap between rows misses: try a little lower.
      for (const y of [READING_TOP_OFFSET + 4, READING_TOP_OFFSET + 24, READING_TOP_OFFSET + 48]) {
        const row = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-node-id]');
        if (!row || !column.contains(row)) continue;
        const nodeId = row.dataset.nodeId!;
        if (nodeId !== last) {
          last = nodeId;
          report.current?.(nodeId);
        }
        return;
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
