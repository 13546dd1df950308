// The hand-over from the server-rendered first screen (#ssr-first-screen) to the app: the app
// renders into #root, kept out of sight (`.ssr-pending`, styles.css) while the server's text
// stays; once the app's reader shows text (or the app goes elsewhere, or after a bound) the
// server's block goes and the app shows, in one step. Not hydration: the app renders afresh.
const HANDOFF_BOUND_MS = 10_000;

export function handOffFirstScreen(root: HTMLElement, doc: Document = document): void {
  for (const tag of doc.head.querySelectorAll('[data-ssr]')) tag.remove();
  const first = doc.getElementById('ssr-first-screen');
  if (!first) return;
  const startPath = doc.location.pathname;
  root.classList.add('ssr-pending');
  const done = () => {
    observer.disconnect();
    clearTimeout(bound);
    first.remove();
    root.classList.remove('ssr-pending');
  };
  const ready = () =>
    root.querySelector('[data-fragment-id] p.reader-text, [role="alert"]') !== null ||
    doc.location.pathname !== startPath;
  const observer = new MutationObserver(() => {
    if (ready()) done();
  });
  observer.observe(root, { childList: true, subtree: true });
  const bound = setTimeout(done, HANDOFF_BOUND_MS);
}
