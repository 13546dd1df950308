// A LibreTranslate stand-in for the browser tests: a real HTTP server speaking its wire protocol
// (POST /translate {q, source, target, format} → {translatedText}) with deterministic answers, so
// the server's machine-translation path runs end to end without leaving the machine.
import http from 'node:http';

/** Known Czech provisions and their English; anything else comes back tagged, placeholders kept. */
export const FAKE_TRANSLATIONS: Record<string, string> = {
  'Základní práva a svobody jsou pod ochranou soudní moci.':
    'Fundamental rights and freedoms are under the protection of judicial power.',
};

export function fakeTranslation(q: string, target: string): string {
  return FAKE_TRANSLATIONS[q.trim()] ?? `[${target}] ${q}`;
}

export function startFakeLibreTranslate(port: number, host = '127.0.0.1'): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/translate') return answer(404, { error: 'Not Found' });
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      try {
        const body = JSON.parse(raw) as { q?: unknown; target?: unknown };
        if (typeof body.q !== 'string' || typeof body.target !== 'string')
          return answer(400, { error: 'Invalid request: missing q or target' });
        answer(200, { translatedText: fakeTranslation(body.q, body.target) });
      } catch {
        answer(400, { error: 'Invalid JSON' });
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
