// Fake timers around each test, for flows whose delays are named (see CONVENTIONS.md, Machines):
// the test moves the clock with vi.advanceTimersByTimeAsync and the next test starts real again.
import { afterEach, beforeEach, vi } from 'vitest';

export function fakeTimersInEachTest() {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
