// A real HTTP server that speaks the OpenAI-compatible chat completions protocol with streaming
// (server-sent events), for the Copilot's model path: each request gets the next scripted turn,
// either text in chunks or streamed tool calls. Every request body is kept for assertions.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface FakeTurn {
  /** Text deltas, sent one event each. */
  text?: string[];
  /** Tool calls, their arguments streamed in several pieces; the turn ends with finish_reason tool_calls. */
  toolCalls?: FakeToolCall[];
  /** Answer with this HTTP error instead (e.g. 500). */
  status?: number;
}

export interface FakeChatRequest {
  model: string;
  stream?: boolean;
  messages: { role: string; content?: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
}

export interface FakeOpenAi {
  /** The API base to configure (COPILOT_MODEL_URL): http://127.0.0.1:port/v1 */
  url: string;
  requests: FakeChatRequest[];
  /** Authorization headers as received. */
  authorizations: (string | undefined)[];
  enqueue(...turns: FakeTurn[]): void;
  close(): Promise<void>;
}

export async function startFakeOpenAi(turns: FakeTurn[] = []): Promise<FakeOpenAi> {
  const queue = [...turns];
  const requests: FakeChatRequest[] = [];
  const authorizations: (string | undefined)[] = [];
  let counter = 0;

  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as FakeChatRequest;
      requests.push(body);
      authorizations.push(request.headers.authorization);
      const turn = queue.shift() ?? { text: ['(no scripted turn left)'] };
      if (turn.status) {
        response
          .writeHead(turn.status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'scripted failure', type: 'server_error' } }));
        return;
      }
      counter += 1;
      const id = `chatcmpl-fake-${counter}`;
      const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
        `data: ${JSON.stringify({
          id,
          object: 'chat.completion.chunk',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, delta, finish_reason: finishReason }],
        })}\n\n`;
      const events: string[] = [chunk({ role: 'assistant', content: '' })];
      for (const text of turn.text ?? []) events.push(chunk({ content: text }));
      (turn.toolCalls ?? []).forEach((call, index) => {
        const args = JSON.stringify(call.arguments);
        const cut = Math.max(1, Math.floor(args.length / 2));
        events.push(
          chunk({
            tool_calls: [
              { index, id: `call_${counter}_${index}`, type: 'function', function: { name: call.name, arguments: '' } },
            ],
          }),
        );
        events.push(chunk({ tool_calls: [{ index, function: { arguments: args.slice(0, cut) } }] }));
        events.push(chunk({ tool_calls: [{ index, function: { arguments: args.slice(cut) } }] }));
      });
      events.push(chunk({}, turn.toolCalls?.length ? 'tool_calls' : 'stop'));
      events.push('data: [DONE]\n\n');

      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      // One event per write, a tick apart: the client sees a real stream.
      const send = (at: number) => {
        if (at >= events.length) {
          response.end();
          return;
        }
        response.write(events[at]);
        setTimeout(() => send(at + 1), 2);
      };
      send(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    authorizations,
    enqueue: (...more) => queue.push(...more),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
