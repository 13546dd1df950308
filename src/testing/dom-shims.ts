// What jsdom lacks for the app's components (Radix, axe-core): installed once per test file.

/** What jsdom lacks and Radix (ScrollArea, menus, dialogs) calls. */
export function installDomShims() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  // axe-core probes canvas support; jsdom would log "not implemented" for every call.
  HTMLCanvasElement.prototype.getContext = () => null;
}
