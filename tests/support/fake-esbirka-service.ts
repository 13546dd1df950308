// e-Sbírka's public JSON interface as its web app uses it: /sbr-cache/dokumenty-sbirky/{stale URL}
// (the act), .../historie (its wordings), .../fragmenty?cisloStranky=N (the text in XHTML
// fragments, pages from 0, pocetStranek of them). The texts are the shared corpus's Constitution
// 1/1993: the promulgated wording from the e-Sbírka extract, the 2026 wording from the Markdown
// copy, one fragment per paragraph.
import fs from 'node:fs';
import { corpusPath } from './corpus.js';
import { startFakeService, withEtag, type FakeReply, type FakeService } from './fake-http-service.js';

export const PAGE_SIZE = 100;

export interface FakeEsbirka extends FakeService {
  /** When set, .../historie answers a shape e-Sbírka does not use. */
  wrongShape: boolean;
}

export async function startFakeEsbirka(): Promise<FakeEsbirka> {
  const original = JSON.parse(fs.readFileSync(corpusPath('cz-esbirka-original-json/1_1993.json'), 'utf8')) as {
    extracted: { full_text: string };
  };
  const wordings: Record<string, string[]> = {
    '/sb/1993/1/0000-00-00': original.extracted.full_text
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
    '/sb/1993/1/2026-01-01': consolidatedParagraphs(),
  };
  const state = { wrongShape: false };
  const json = (body: unknown): FakeReply => ({
    status: 200,
    headers: { 'content-type': 'application/json;charset=UTF-8' },
    body: JSON.stringify(body),
  });
  const service = await startFakeService((request, url) => {
    const prefix = '/sbr-cache/dokumenty-sbirky/';
    if (!url.pathname.startsWith(prefix)) return undefined;
    const [encoded, tail] = url.pathname.slice(prefix.length).split('/');
    const stale = decodeURIComponent(encoded ?? '');
    if (request.headers.accept !== 'application/json') return { status: 406 };
    if (stale === '/sb/1993/1' && tail === undefined) {
      return json({
        staleUrl: '/sb/1993/1',
        nazev: 'Ústava České republiky',
        typZneni: 'AKTUALNI',
        datumUcinnostiOd: '1993-01-01',
      });
    }
    if (stale === '/sb/1993/1' && tail === 'historie') {
      if (state.wrongShape) return json({ zneni: 'všechna' });
      return json({
        seznam: [
          { cisloZneni: 0, staleUrl: '/sb/1993/1/0000-00-00', typZneni: 'VYHLASENE' },
          {
            cisloZneni: 9,
            staleUrl: '/sb/1993/1/2026-01-01',
            typZneni: 'AKTUALNI',
            datumUcinnostiZneniOd: '2026-01-01',
          },
        ],
      });
    }
    const paragraphs = wordings[stale];
    if (paragraphs && tail === 'fragmenty') {
      const page = Number(url.searchParams.get('cisloStranky'));
      const pages = Math.ceil(paragraphs.length / PAGE_SIZE);
      if (!Number.isInteger(page) || page < 0 || page >= pages) return { status: 400, body: '{"chyby":[]}' };
      const seznam = paragraphs.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).map((text, index) => ({
        id: page * PAGE_SIZE + index,
        kodTypuFragmentu: 'Odstavec_Dc',
        xhtml: toXhtml(text),
      }));
      return withEtag(request, `"${stale}-${page}"`, json({ pocetStranek: pages, seznam }));
    }
    return { status: 400, headers: { 'content-type': 'application/json' }, body: '{"chyby":["nenalezeno"]}' };
  });
  // The test flips `wrongShape` on the returned object; the routes read it from `state`.
  return Object.defineProperty(service, 'wrongShape', {
    get: () => state.wrongShape,
    set: (value: boolean) => (state.wrongShape = value),
    enumerable: true,
  }) as FakeEsbirka;
}

/** The 2026 wording: the Markdown copy's lines with the Markdown marks taken off, header first. */
function consolidatedParagraphs(): string[] {
  const markdown = fs.readFileSync(corpusPath('cz-consolidated-md/1-1993.md'), 'utf8');
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith('Česká národní rada se usnesla'));
  const body = lines
    .slice(start)
    .map((line) =>
      line
        .replace(/^#+\s*/, '')
        .replace(/\*\*/g, '')
        .replace(/^-\s+/, '')
        .trim(),
    )
    .filter(Boolean);
  return ['1', 'ÚSTAVNÍ ZÁKON', 'České národní rady', 'ze dne 16. prosince 1992', 'ÚSTAVA ČESKÉ REPUBLIKY', ...body];
}

/** A paragraph as e-Sbírka writes it: markers in <var>, text escaped. */
function toXhtml(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return escaped.replace(/^(\(\d+[a-z]?\)|[a-z]\))\s/, '<var>$1</var> ');
}
