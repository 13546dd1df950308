// The hand-over from the server-rendered first screen (#ssr-first-screen) to the app. That block
// is for readers without JavaScript and for search engines; with JavaScript it is never painted
// (theme-bootstrap.js marks <html> with `js` before the body, styles.css hides the block), and the
// app renders afresh into #root with the first page of text the HTML carried as data. Here the
// block and the server's head tags go, so the app's own tags are the only ones.
export function handOffFirstScreen(doc: Document = document): void {
  for (const tag of doc.head.querySelectorAll('[data-ssr]:not(title)')) tag.remove();
  doc.getElementById('ssr-first-screen')?.remove();
  // The server's <title> stays until the app's own (React hoists it into the head) is there: a
  // page is never without a title, and never has two for long.
  const serverTitle = doc.head.querySelector('title[data-ssr]');
  if (!serverTitle) return;
  const appTitleShown = () => doc.head.querySelector('title:not([data-ssr])') !== null;
  if (appTitleShown()) {
    serverTitle.remove();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!appTitleShown()) return;
    serverTitle.remove();
    observer.disconnect();
  });
  observer.observe(doc.head, { childList: true });
}
