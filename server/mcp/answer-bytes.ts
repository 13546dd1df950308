// The bytes of a JSON-RPC answer, as JSON.stringify writes it, reusing a text's JSON form built
// before: read_graph's answer (a 100-entity graph is ~100,000 characters) is the same text for
// every call of a graph version (server/memory/graph-answer.ts), and escaping it into the answer
// and encoding that as UTF-8 again cost about a millisecond of the server's CPU per call (issue
// 12). The answer is still the SDK's message: only the known text's place in it is filled with
// bytes made once, so the result is byte for byte JSON.stringify(message).
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** A text and its JSON string form as UTF-8 (Buffer.from(JSON.stringify(text))). */
export interface SerializedText {
  text: string;
  json: Buffer;
}

/** Stands for the known text while the rest is stringified (tool texts never hold NUL). */
const MARKER = '\u0000lexhub:serialized-text\u0000';
const MARKER_JSON = JSON.stringify(MARKER);

export function answerBytes(message: JSONRPCMessage, known?: SerializedText): Buffer {
  if (known === undefined) return Buffer.from(JSON.stringify(message));
  let found = 0;
  // The same string object the tool returned: compared by reference first, so this costs nothing per value.
  const rest = JSON.stringify(message, (_key, value: unknown) => {
    if (value !== known.text) return value;
    found++;
    return MARKER;
  });
  const parts = rest.split(MARKER_JSON);
  // The marker anywhere else (or the text nowhere): the plain way.
  if (found === 0 || parts.length !== found + 1) return Buffer.from(JSON.stringify(message));
  return Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [Buffer.from(part)] : [known.json, Buffer.from(part)])));
}
