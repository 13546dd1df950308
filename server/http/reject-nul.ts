// Refuses text no input may carry: NUL (\u0000) and lone UTF-16 surrogates, in the path, the query
// or the JSON body (keys too) of any request but /mcp. PostgreSQL stores neither (its error was a
// 500), and no law, name or search needs them: 400 validation_failed naming the field, before any
// route reads it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MCP_PATH } from '../../src/api/contract/mcp.js';
import { validationFailed } from './errors.js';

/**
 * Routes that answer bad input in their own protocol: /mcp speaks JSON-RPC, and its tools refuse
 * such text as a tool error (`validation_failed`) the agent can read, not an HTTP 400.
 */
const OWN_PROTOCOL_ROUTES = new Set([MCP_PATH]);

/** A high surrogate not followed by a low one, or a low one without a high one before it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with the text, or undefined when PostgreSQL can store it. */
export function badTextProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(text)) return 'must not contain unpaired surrogate characters';
  return undefined;
}

interface Found {
  field: string;
  problem: string;
}

/** Deeper than any request of the contract nests: a body nested further is refused outright. */
export const MAX_INPUT_DEPTH = 64;

interface Visit {
  value: unknown;
  /** How this value was reached: its key and its parent's visit (the path is built only for a hit). */
  key: string | undefined;
  parent: Visit | undefined;
  depth: number;
}

const pathOf = (visit: Visit): string[] => {
  const path: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
};

/**
 * The first bad string in a parsed input (strings, arrays, plain objects and their keys), with its
 * field as the contract's validation names it (`items.2.title`). Linear in the input's size:
 * iterative (a deep body cannot exhaust the stack), each value remembers only its parent (a
 * 500,000-level `[[[…]]]` once cost minutes of copied paths), and nesting beyond MAX_INPUT_DEPTH
 * is refused as such.
 */
export function findBadText(value: unknown, where: string): Found | undefined {
  const stack: Visit[] = [{ value, key: undefined, parent: undefined, depth: 0 }];
  const fieldOf = (visit: Visit) => {
    const path = pathOf(visit);
    return path.length > 0 ? path.join('.') : where;
  };
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      const problem = badTextProblem(current);
      if (problem) return { field: fieldOf(visit), problem };
      continue;
    }
    const container = Array.isArray(current) || isPlainObject(current);
    if (!container) continue;
    if (visit.depth >= MAX_INPUT_DEPTH) return { field: fieldOf(visit), problem: 'is nested too deeply' };
    const depth = visit.depth + 1;
    if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, key: String(index), parent: visit, depth }));
    } else {
      for (const [key, item] of Object.entries(current as Record<string, unknown>)) {
        const problem = badTextProblem(key);
        if (problem) return { field: fieldOf(visit), problem: `keys ${problem}` };
        stack.push({ value: item, key, parent: visit, depth });
      }
    }
  }
  return undefined;
}

/**
 * Parsed JSON, a query (its objects have a prototype of their own) or route params; never a Buffer,
 * typed array or stream (bodies other than JSON are not text).
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return false;
  return typeof (value as { pipe?: unknown }).pipe !== 'function';
}

/** The decoded path of the address (for handlers that read `request.url` themselves: 404s, ELI aliases). */
function decodedPath(request: FastifyRequest): string {
  const raw = request.url.split('?', 1)[0]!;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function installRejectNul(app: FastifyInstance) {
  // preValidation: after the body is parsed, before any handler (and the not-found handler) reads it.
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.url !== undefined && OWN_PROTOCOL_ROUTES.has(request.routeOptions.url)) return;
    // Route params first, named as the contract names them (`id`); the raw address last, for the
    // handlers that read it themselves.
    const pathProblem = () => {
      const problem = badTextProblem(decodedPath(request));
      return problem ? { field: 'path', problem } : undefined;
    };
    const found =
      findBadText(request.params, 'path') ??
      findBadText(request.query, 'query') ??
      findBadText(request.body, 'body') ??
      pathProblem();
    if (found) throw validationFailed(found.field, found.problem);
  });
}
