// The small part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    /** Requests per second across all connections. */
    overallRate?: number;
    requests?: { method?: string; setupRequest?: (request: RequestParams) => RequestParams }[];
  }
  interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  interface Instance extends EventEmitter {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void): this;
    on(event: 'done', listener: (result: Result) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
  function autocannon(options: Options, callback?: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
