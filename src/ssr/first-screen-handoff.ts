// The hand-over from the server-rendered first screen (#ssr-first-screen) to the app. That block
// is for readers without JavaScript and for search engines; with JavaScript it is never painted
// (theme-bootstrap.js marks <html> with `js` before the body, styles.css hides the block), and the
// app renders afresh into #root with the first page of text the HTML carried as data. Here the
// block and the server's head tags go, so the app's own title and tags are the only ones.
export function handOffFirstScreen(doc: Document = document): void {
  for (const tag of doc.head.querySelectorAll('[data-ssr]')) tag.remove();
  doc.getElementById('ssr-first-screen')?.remove();
}
