// A tiny browser-like HTTP client for server tests: keeps the cookies the server sets and
// echoes the csrf_token cookie in X-CSRF-Token on state-changing calls, like src/api/client.ts.
export type Body = unknown;

export class HttpSession {
  private readonly jar = new Map<string, string>();

  /** `baseUrl` without a trailing slash, e.g. server.url. */
  constructor(readonly baseUrl: string) {}

  /** The value of a cookie the server set (and did not clear), or undefined. */
  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  /** Sets or (with undefined) removes a cookie by hand, e.g. to send a forged or stale one. */
  setCookie(name: string, value: string | undefined) {
    if (value === undefined) this.jar.delete(name);
    else this.jar.set(name, value);
  }

  get(path: string, headers: Record<string, string> = {}) {
    return this.request('GET', path, undefined, headers);
  }
  post(path: string, body?: Body, headers: Record<string, string> = {}) {
    return this.request('POST', path, body, headers);
  }
  patch(path: string, body?: Body, headers: Record<string, string> = {}) {
    return this.request('PATCH', path, body, headers);
  }
  put(path: string, body?: Body, headers: Record<string, string> = {}) {
    return this.request('PUT', path, body, headers);
  }
  delete(path: string, body?: Body, headers: Record<string, string> = {}) {
    return this.request('DELETE', path, body, headers);
  }

  /**
   * Sends a request with the jar's cookies. A body that is a string is sent as is (to test
   * malformed JSON), anything else as JSON; `undefined` sends no body. Headers given here win
   * over the automatic ones; an empty value drops a header (`{'x-csrf-token': ''}`, see `withoutCsrf`).
   */
  async request(method: string, path: string, body?: Body, headers: Record<string, string> = {}): Promise<Response> {
    const automatic: Record<string, string> = {};
    if (method !== 'GET' && method !== 'HEAD') {
      if (!this.jar.has('csrf_token')) await this.get('/healthz');
      const csrf = this.jar.get('csrf_token');
      if (csrf !== undefined) automatic['x-csrf-token'] = csrf;
    }
    if (body !== undefined) automatic['content-type'] = 'application/json';
    if (this.jar.size > 0) automatic.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const merged = { ...automatic, ...lowerKeys(headers) };
    // An explicitly empty header means "do not send it".
    for (const [name, value] of Object.entries(merged)) if (value === '') delete merged[name];
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: merged,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    this.store(response);
    return response;
  }

  /** Same as `request` but without the X-CSRF-Token header (for CSRF tests). */
  withoutCsrf(method: string, path: string, body?: Body, headers: Record<string, string> = {}) {
    return this.request(method, path, body, { ...headers, 'x-csrf-token': '' });
  }

  private store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', val = ''] = attribute.split('=').map((part) => part.trim());
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(val) <= Date.now();
        return false;
      });
      if (expired || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
}

/** Parses every Set-Cookie line of a response into name, value and lowercased attributes. */
export function setCookies(
  response: Response,
): { name: string; value: string; attributes: Record<string, string | true> }[] {
  return response.headers.getSetCookie().map((line) => {
    const [pair = '', ...rest] = line.split(';');
    const at = pair.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const attribute of rest) {
      const eq = attribute.indexOf('=');
      if (eq < 0) attributes[attribute.trim().toLowerCase()] = true;
      else attributes[attribute.slice(0, eq).trim().toLowerCase()] = attribute.slice(eq + 1).trim();
    }
    return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), attributes };
  });
}

function lowerKeys(headers: Record<string, string>) {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
