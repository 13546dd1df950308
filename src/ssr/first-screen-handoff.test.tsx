// The hand-over: the server's block and head tags go; its title only once the app's title is there.
import { describe, expect, it } from 'vitest';
import { handOffFirstScreen } from './first-screen-handoff';

function serverPage(): Document {
  const doc = document.implementation.createHTMLDocument('');
  doc.head.innerHTML =
    '<title data-ssr>Ústava · Lexhub</title><link data-ssr rel="canonical" href="https://x.example/d" />';
  doc.body.innerHTML = '<div id="ssr-first-screen"><h1>Ústava</h1></div><div id="root"></div>';
  return doc;
}

const titles = (doc: Document) => [...doc.head.querySelectorAll('title')].map((t) => t.textContent);

describe('handOffFirstScreen', () => {
  it('drops the block and the head tags, and keeps the title until the app shows its own', async () => {
    const doc = serverPage();
    handOffFirstScreen(doc);
    expect(doc.getElementById('ssr-first-screen')).toBeNull();
    expect(doc.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(titles(doc)).toEqual(['Ústava · Lexhub']);

    const own = doc.createElement('title');
    own.textContent = 'Ústava České republiky · Lexhub';
    doc.head.append(own);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(titles(doc)).toEqual(['Ústava České republiky · Lexhub']);
  });

  it('leaves a page the server did not render as it is', () => {
    const doc = document.implementation.createHTMLDocument('Lexhub');
    handOffFirstScreen(doc);
    expect(titles(doc)).toEqual(['Lexhub']);
  });
});
