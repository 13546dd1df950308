// CELLAR as its documentation describes it (op.europa.eu/en/web/cellar): SPARQL results JSON at
// /webapi/rdf/sparql; /resource/celex/{CELEX} negotiated by Accept and Accept-Language: a 303 to
// the manifestation, which is a zip of DOC_n.xml (English here), or a 300 Multiple Choices list
// of the streams (German here). The package is the real CELLAR one in the shared corpus
// (Commission Implementing Regulation (EU) No 1319/2011); the German streams are the English
// files with their language codes set to DE, as the corpus has no second language of that act.
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { corpusPath } from './corpus.js';
import { startFakeService, withEtag, type FakeReply, type FakeService } from './fake-http-service.js';

export const CELLAR_CELEX = '32011R1319';
export const CELLAR_CONSOLIDATED = '02011R1319-20120301';
const MANIFESTATION = '5cca93ee-e193-46bf-8416-c2f57cbc34c9.0004.05';
const PACKAGE_DIR = corpusPath('akn-formex-tulit/eu/eurlex/formex', MANIFESTATION);
const TITLE_EN = 'Commission Implementing Regulation (EU) No 1319/2011 fixing representative prices';

export interface FakeCellar extends FakeService {
  /**
   * What /resource/celex answers instead of the package ('html': an undocumented shape;
   * 'elsewhere': a 300 list linking to another host).
   */
  mode: 'normal' | 'html' | 'broken-zip' | 'elsewhere' | 'bad-celex';
}

export async function startFakeCellar(): Promise<FakeCellar> {
  const names = fs.readdirSync(PACKAGE_DIR).sort();
  const english = Object.fromEntries(names.map((name) => [name, fs.readFileSync(path.join(PACKAGE_DIR, name))]));
  const german = Object.fromEntries(
    names.map((name) => [
      name,
      Buffer.from(english[name]!.toString('utf8').replace(/<(LG\.DOC|LG\.OJ)>EN<\/\1>/g, '<$1>DE</$1>')),
    ]),
  );
  const zip = zipSync(Object.fromEntries(names.map((name) => [name, new Uint8Array(english[name]!)])));
  const state: { mode: FakeCellar['mode'] } = { mode: 'normal' };
  const service = await startFakeService((request, url): FakeReply | undefined => {
    const language = request.headers['accept-language'] ?? '';
    if (url.pathname === '/webapi/rdf/sparql') {
      const query = url.searchParams.get('query') ?? '';
      if (!query.includes(`"${CELLAR_CELEX}"`)) return sparqlJson([]);
      const row = (celex: string, date: string, lang: string, title: string) => ({
        celex: { type: 'literal', value: celex },
        date: { type: 'literal', datatype: 'http://www.w3.org/2001/XMLSchema#date', value: date },
        lang: { type: 'uri', value: `http://publications.europa.eu/resource/authority/language/${lang}` },
        title: { type: 'literal', value: title },
      });
      return sparqlJson([
        row(CELLAR_CELEX, '2011-12-15', 'ENG', TITLE_EN),
        row(CELLAR_CELEX, '2011-12-15', 'DEU', 'Durchführungsverordnung (EU) Nr. 1319/2011'),
        row(state.mode === 'bad-celex' ? '..' : CELLAR_CONSOLIDATED, '2012-03-01', 'ENG', TITLE_EN),
      ]);
    }
    if (url.pathname === `/resource/celex/${CELLAR_CELEX}`) {
      if (state.mode === 'html') return { status: 200, headers: { 'content-type': 'text/html' }, body: '<html/>' };
      if (language === 'eng') return { status: 303, headers: { location: `/resource/cellar/${MANIFESTATION}` } };
      if (language === 'deu') {
        const host = state.mode === 'elsewhere' ? 'http://attacker.invalid' : '';
        const links = names.map(
          (name) =>
            `<li><a href="${host}/resource/cellar/${MANIFESTATION}.de/${name.replace('.xml', '')}">${name}</a></li>`,
        );
        return withEtag(request, `"de-list-${state.mode}"`, {
          status: 300,
          headers: { 'content-type': 'text/html' },
          body: `<html><body><ul>${links.join('')}</ul></body></html>`,
        });
      }
      return { status: 404, body: 'no such expression' };
    }
    if (url.pathname === `/resource/cellar/${MANIFESTATION}`) {
      const body = state.mode === 'broken-zip' ? zip.slice(0, zip.length / 2) : zip;
      return withEtag(request, `"${MANIFESTATION}-${state.mode}"`, {
        status: 200,
        headers: { 'content-type': 'application/zip;mtype=fmx4' },
        body,
      });
    }
    const stream = new RegExp(`^/resource/cellar/${MANIFESTATION}\\.de/(DOC_\\d+)$`).exec(url.pathname);
    if (stream && german[`${stream[1]}.xml`]) {
      return withEtag(request, `"de-${stream[1]}"`, {
        status: 200,
        headers: { 'content-type': 'application/xml;mtype=fmx4' },
        body: german[`${stream[1]}.xml`],
      });
    }
    return undefined;
  });
  // The test flips `mode` on the returned object; the routes read it from `state`.
  return Object.defineProperty(service, 'mode', {
    get: () => state.mode,
    set: (mode: FakeCellar['mode']) => (state.mode = mode),
    enumerable: true,
  }) as FakeCellar;
}

function sparqlJson(bindings: object[]): FakeReply {
  return {
    status: 200,
    headers: { 'content-type': 'application/sparql-results+json' },
    body: JSON.stringify({ head: { vars: ['celex', 'date', 'lang', 'title'] }, results: { bindings } }),
  };
}
