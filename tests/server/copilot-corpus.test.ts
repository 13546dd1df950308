// The embedded retrieval assistant on the real Constitution (1993 e-Sbírka JSON and the 2026
// consolidated Markdown): 'Co říká čl. 54 ústavy?' streams Čl. 54 of 1/1993 Sb., linked. Beside it
// the motor-insurance act (30/2024 Sb.), whose § 75 has a member appointed by the 'policejní
// prezident': the full-text answers rank as /v1/search does and never quote it for 'prezidenta'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentList, NodeList } from '../../src/api/contract/index.js';
import { importPaths } from '../../server/importers/import-files.js';
import { registerAndLogin } from '../support/accounts.js';
import { capturePublish, chatBody, issueSession, postChat, readChunks, templatesOf } from '../support/copilot-chat.js';
import { corpusPath, hasCorpus, warnIfNoCorpus } from '../support/corpus.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

warnIfNoCorpus('copilot-corpus tests');

describe.skipIf(!hasCorpus).each(ENGINES)('the embedded Copilot on the real Constitution (%s)', (engine) => {
  let server: TestServer;
  let hash: string;
  let constitutionId: string;
  let article54: string;
  const captured = capturePublish();

  beforeAll(async () => {
    server = await startTestServer(engine, { copilot: { publish: captured.publish } });
    const report = await importPaths(server.database.db, [
      corpusPath('cz-esbirka-original-json', '1_1993.json'),
      corpusPath('cz-consolidated-md', '1-1993.md'),
      corpusPath('cz-esbirka-original-json', '30_2024.json'),
    ]);
    expect(report.errors).toEqual([]);
    hash = (await templatesOf(server.url)).hash;
    const { items } = await json(await server.get('/v1/legal/documents?external_id=1%2F1993'), DocumentList);
    constitutionId = items[0]!.id;
    const nodes = (
      await json(await server.get(`/v1/legal/documents/${constitutionId}/nodes?branch=main&limit=1000`), NodeList)
    ).items;
    article54 = nodes.find((node) => node.cite_key === 'Čl. 54')!.id;
  }, 120_000);
  afterAll(() => server?.close());

  const ask = async (question: string) => {
    const { session } = await registerAndLogin(server);
    const copilot = await issueSession(session, hash);
    const response = await postChat(
      `${server.url}/copilot/chat`,
      copilot.signed_headers,
      chatBody(copilot, hash, question),
    );
    expect(response.status).toBe(200);
    return readChunks(response);
  };

  it("answers 'Co říká čl. 54 ústavy?' with Čl. 54 of 1/1993 Sb., quoted and linked", async () => {
    const chunks = await ask('Co říká čl. 54 ústavy?');
    expect(chunks.length).toBeGreaterThan(1);
    const text = chunks.join('');
    expect(text).toContain('Čl. 54, 1/1993 Sb.');
    expect(text).toContain(`](/documents/${constitutionId}-ustava-ceske-republiky?node=${article54})`);
    // The 2026 wording (main): the President is elected directly.
    expect(text).toContain('> (1) Prezident republiky je hlavou státu.');
    expect(text).toContain('> (2) Prezident republiky je volen v přímých volbách.');
    expect(text).toContain('citacemi z knihovny');
    expect(text).not.toMatch(/COPILOT_|README|nastavte/);
  });

  it('finds the provisions about the election of the President by full text', async () => {
    const text = (await ask('Jak se volí prezident republiky?')).join('');
    expect(text).toMatch(/Čl\. 5[4-8], 1\/1993 Sb\./);
    expect(text).toContain(`/documents/${constitutionId}-ustava-ceske-republiky?node=`);
  });

  it("answers 'A kdo volí prezidenta?' with Čl. 56 (direct election) at or above Čl. 57, and no 'policejní prezident'", async () => {
    const text = (await ask('A kdo volí prezidenta?')).join('');
    const quoted = [...text.matchAll(/\[([^\]]+, \d+\/\d+ Sb\.)\]/g)].map((match) => match[1]);
    expect(quoted).toContain('Čl. 56, 1/1993 Sb.');
    const at57 = quoted.indexOf('Čl. 57, 1/1993 Sb.');
    if (at57 !== -1) expect(quoted.indexOf('Čl. 56, 1/1993 Sb.')).toBeLessThan(at57);
    expect(text).toContain('> (1) Volba prezidenta republiky se koná tajným hlasováním');
    expect(quoted.filter((citation) => citation?.endsWith('30/2024 Sb.'))).toEqual([]);
    expect(text).not.toContain('policejní prezident');
  });

  it('the motor-insurance act is there to be found: its police president is quoted when asked for', async () => {
    // Proves the test above could fail: the act is imported and searchable by the Copilot.
    const text = (await ask('Kdo je policejní prezident?')).join('');
    expect(text).toContain('30/2024 Sb.');
    expect(text).toContain('policejní prezident');
  });

  it("opens 'open 1/1993 čl. 54' on the user's screen", async () => {
    captured.commands.length = 0;
    const text = (await ask('open 1/1993 čl. 54')).join('');
    expect(text).toContain(
      `[Čl. 54, 1/1993 Sb.](/documents/${constitutionId}-ustava-ceske-republiky?node=${article54})`,
    );
    expect(captured.commands.find((c) => c.cmd === 'editor.open')?.payload).toEqual({
      document_id: constitutionId,
      node_id: article54,
      path: `/documents/${constitutionId}-ustava-ceske-republiky?node=${article54}`,
    });
  });
});
