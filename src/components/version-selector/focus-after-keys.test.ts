// @vitest-environment jsdom
// The version picker takes the focus only once the key that chose the version is up: a button
// focused while Enter is down would be pressed by it (and the picker's list open again).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusAfterKeys, watchHeldKeys } from './focus-after-keys';

const key = (type: 'keydown' | 'keyup', code: string) =>
  window.dispatchEvent(new KeyboardEvent(type, { key: code, code }));

function button(): HTMLButtonElement {
  const element = document.createElement('button');
  document.body.append(element);
  return element;
}

describe('focusAfterKeys', () => {
  afterEach(() => document.body.replaceChildren());

  it('focuses at once when no key is held', () => {
    watchHeldKeys();
    const target = button();
    focusAfterKeys(target);
    expect(document.activeElement).toBe(target);
  });

  it('waits while Enter is down, then focuses after its keyup', async () => {
    watchHeldKeys();
    const target = button();
    key('keydown', 'Enter');
    focusAfterKeys(target);
    expect(document.activeElement).not.toBe(target);
    key('keyup', 'Enter');
    expect(document.activeElement).not.toBe(target);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(target);
  });

  it('does not focus a button gone by then', async () => {
    watchHeldKeys();
    const target = button();
    // A detached button cannot take the focus in jsdom or a browser, so activeElement alone
    // would pass without the guard: the focus() call it refuses is what shows it.
    const focus = vi.spyOn(target, 'focus');
    key('keydown', 'Space');
    focusAfterKeys(target);
    target.remove();
    key('keyup', 'Space');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(focus).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(document.body);
  });
});
