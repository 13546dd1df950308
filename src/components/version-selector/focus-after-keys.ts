// Moves the focus to a button only once no key is held. A button focused while Enter is down gets
// that key's keypress (or Space's keyup) and is pressed by it: a version picker focused while Enter
// still chooses the version would open its list again.
const held = new Set<string>();
let listening = false;

function listen() {
  if (listening) return;
  listening = true;
  window.addEventListener('keydown', (event) => held.add(event.code || event.key), true);
  window.addEventListener('keyup', (event) => held.delete(event.code || event.key), true);
  window.addEventListener('blur', () => held.clear());
}

/** Starts noting the keys held; call early (on mount), before the key that matters goes down. */
export function watchHeldKeys(): void {
  if (typeof window !== 'undefined') listen();
}

/** Focuses `element` now, or after the keys held are released (the focus never presses it). */
export function focusAfterKeys(element: HTMLElement): void {
  const focus = () => {
    if (element.isConnected) element.focus({ preventScroll: true });
  };
  if (held.size === 0) {
    focus();
    return;
  }
  const onKeyUp = () => {
    if (held.size > 0) return;
    window.removeEventListener('keyup', onKeyUp);
    // After the keyup's own handling (Space presses a button on keyup).
    setTimeout(focus, 0);
  };
  window.addEventListener('keyup', onKeyUp);
}
