// answerBytes (issue 12): an answer carrying a text whose JSON form was built before is written
// byte for byte as JSON.stringify would write it, wherever and however often the text appears;
// anything it cannot place (the text absent, the marker in the answer) takes the plain way.
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { answerBytes } from '../../server/mcp/answer-bytes.js';

const known = (text: string) => ({ text, json: Buffer.from(JSON.stringify(text)) });
const answer = (result: Record<string, unknown>, id: string | number = 3): JSONRPCMessage =>
  ({ result, jsonrpc: '2.0', id }) as JSONRPCMessage;
const plain = (message: JSONRPCMessage) => Buffer.from(JSON.stringify(message));

describe('answerBytes', () => {
  const graph = JSON.stringify({ entities: [{ name: 'Spis "A"', observations: ['Lhůta\n30 dní', '\\ 🙂'] }] }, null, 2);

  it('writes what JSON.stringify writes, with the prepared text in its place', () => {
    const message = answer({ content: [{ type: 'text', text: graph }] });
    expect(answerBytes(message, known(graph)).equals(plain(message))).toBe(true);
    expect(answerBytes(message).equals(plain(message))).toBe(true);
  });

  it('places the text wherever it appears, and ids of any kind', () => {
    const message = answer({ content: [{ type: 'text', text: graph }], structuredContent: { copy: graph } }, 'x"1');
    expect(answerBytes(message, known(graph)).equals(plain(message))).toBe(true);
  });

  it('uses the prepared bytes themselves: a wrong JSON form shows, so the text was not escaped again', () => {
    const message = answer({ content: [{ type: 'text', text: graph }] });
    const forged = { text: graph, json: Buffer.from('"forged"') };
    expect(answerBytes(message, forged).toString()).toBe(
      JSON.stringify(answer({ content: [{ type: 'text', text: 'forged' }] })),
    );
  });

  it('takes the plain way when the text is not in the answer or the marker is', () => {
    const other = answer({ content: [{ type: 'text', text: 'something else' }] });
    expect(answerBytes(other, known(graph)).equals(plain(other))).toBe(true);
    const marked = answer({
      content: [{ type: 'text', text: graph }],
      structuredContent: { note: '\u0000lexhub:serialized-text\u0000' },
    });
    expect(answerBytes(marked, known(graph)).equals(plain(marked))).toBe(true);
  });
});
