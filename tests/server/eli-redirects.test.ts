// ELI aliases: /eli/cz/sb/{year}/{number}[/{date}][/{provision}] and EU /eli/{type}/{year}/{number}
// redirect to the reader's canonical address (?at=, ?p=); unknown aliases are not found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentIdFor } from '../../server/importers/identity.js';
import { importPaths } from '../../server/importers/import-files.js';
import { parseEli } from '../../server/http/eli-redirects.js';
import { corpusPath, hasCorpus, warnIfNoCorpus } from '../support/corpus.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

warnIfNoCorpus('ELI redirect tests');
const constitution = `/documents/${documentIdFor('1/1993 Sb.')}-ustava-ceske-republiky`;

describe('parsing ELI aliases', () => {
  it('reads a Czech act, its point in time and a provision path', () => {
    expect(parseEli('/eli/cz/sb/1993/1')).toEqual({ kind: 'cz', year: '1993', number: '1' });
    expect(parseEli('/eli/cz/sb/1993/1/2026-01-01/cl-54/odst-2')).toEqual({
      kind: 'cz',
      year: '1993',
      number: '1',
      at: '2026-01-01',
      path: 'cl-54/odst-2',
    });
    expect(parseEli('/eli/cz/sb/1993/1/cl-54')).toMatchObject({ path: 'cl-54', at: undefined });
  });

  it('reads EU acts and rejects what is no alias', () => {
    expect(parseEli('/eli/reg/2024/903/oj')).toEqual({ kind: 'eu', eli: '/eli/reg/2024/903' });
    expect(parseEli('/eli/cz/sb/19x3/1')).toBeNull();
    expect(parseEli('/eli/cz/sb/1993/1/../../etc')).toBeNull();
    expect(parseEli('/eli/unknown/2024/903')).toBeNull();
  });
});

describe.skipIf(!hasCorpus).each(ENGINES)('ELI aliases on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
    await importPaths(server.database.db, [
      corpusPath('cz-consolidated-md', '1-1993.md'),
      corpusPath('akn-formex-tulit', 'eu', 'eurlex', 'formex', 'c008bcb6-e7ec-11ee-9ea8-01aa75ed71a1.0006.02'),
    ]);
  }, 60_000);
  afterAll(() => server?.close());

  const redirectOf = async (path: string, accept = 'text/html') => {
    const response = await fetch(server.url + path, { redirect: 'manual', headers: { accept } });
    return { status: response.status, location: response.headers.get('location') };
  };

  it('redirects a Czech act to its page', async () => {
    expect(await redirectOf('/eli/cz/sb/1993/1')).toEqual({ status: 302, location: constitution });
  });

  it('keeps the point in time as ?at= and the provision as ?p=, for any GET', async () => {
    const expected = { status: 302, location: `${constitution}?at=2026-01-01&p=cl-54/odst-2` };
    expect(await redirectOf('/eli/cz/sb/1993/1/2026-01-01/cl-54/odst-2')).toEqual(expected);
    expect(await redirectOf('/eli/cz/sb/1993/1/2026-01-01/cl-54/odst-2', '*/*')).toEqual(expected);
  });

  it('redirects an EU act by the ELI in its metadata', async () => {
    const { status, location } = await redirectOf('/eli/reg/2024/903/oj');
    expect(status).toBe(302);
    expect(location).toMatch(new RegExp(`^/documents/${documentIdFor('32024R0903')}-`));
  });

  it('answers an unknown alias as not found', async () => {
    expect((await redirectOf('/eli/cz/sb/1993/999', 'application/json')).status).toBe(404);
    expect((await redirectOf('/eli/reg/1999/1')).status).toBe(404);
  });
});
