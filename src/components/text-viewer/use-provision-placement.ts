// The list's side of placing a provision: the reading machine decides where to go and when
// (text-loading.machine.ts, jump.placing); this scrolls there whenever it asks, and while it
// places tells it what the page does: the row drifted from its place (rows above it changed
// height: a window-scrolled virtual list does not always make up for that), or the reader took over.
import { useEffect, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { VirtuosoHandle } from 'react-virtuoso';
import { selectPlacing, selectScrollTarget, textLoadingMachine } from '../../machines/reader/text-loading.machine';
import { readingTopOffset } from './reading-position';

/** How far (px) the row may sit from its place. */
const TOLERANCE_PX = 6;
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/** Where the row of a list index sits against its place (px, positive: below it); undefined when not rendered. */
export function driftOf(column: HTMLElement, index: number): number | undefined {
  const row = column.querySelector(`[data-index="${index}"]`);
  return row ? row.getBoundingClientRect().top - readingTopOffset(column) : undefined;
}

/** Whether the row is where it should be: at its place, or as near as the end of the page lets it. */
export function isPlaced(drift: number | undefined, atPageEnd: boolean): boolean {
  if (drift === undefined) return false;
  return Math.abs(drift) <= TOLERANCE_PX || (drift > 0 && atPageEnd);
}

export function useProvisionPlacement(
  actor: ActorRefFrom<typeof textLoadingMachine>,
  listRef: RefObject<VirtuosoHandle | null>,
  columnRef: RefObject<HTMLElement | null>,
) {
  const target = useSelector(actor, selectScrollTarget);
  const placing = useSelector(actor, selectPlacing);

  // Every target the machine names (or names again) is scrolled to.
  useEffect(() => {
    if (!target || target.index < 0) return;
    listRef.current?.scrollToIndex({
      index: target.index,
      align: 'start',
      offset: -readingTopOffset(columnRef.current),
    });
  }, [target, listRef, columnRef]);

  // While placing, each layout change of the column (rows measured, texts in, the face loaded) is
  // looked at once a frame, and a row away from its place is reported; the list's own scrolling is
  // not (it passes through other places on the way). Reader input ends it.
  useEffect(() => {
    if (!placing || !target || target.index < 0) return;
    const index = target.index;
    let frame = 0;
    const look = () => {
      frame = 0;
      const column = columnRef.current;
      if (!column) return;
      const atPageEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      if (!isPlaced(driftOf(column, index), atPageEnd)) actor.send({ type: 'place.drifted' });
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(look);
    };
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(schedule);
    if (columnRef.current) observer?.observe(columnRef.current);
    // What is above the column (a banner, the title) moves it without resizing it.
    observer?.observe(document.body);
    const takeOver = () => actor.send({ type: 'reader.input' });
    for (const type of READER_INPUT) window.addEventListener(type, takeOver, { capture: true, passive: true });
    return () => {
      observer?.disconnect();
      for (const type of READER_INPUT) window.removeEventListener(type, takeOver, true);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [placing, target, actor, columnRef]);
}
