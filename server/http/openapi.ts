// The OpenAPI 3.1 document, generated from the contract's route table and zod schemas: paths
// from routePattern, the session cookie / CSRF header / signed Copilot headers as security
// schemes, and every error answer a route can give with its codes.
import { z } from 'zod';
import { SignedHeaders } from '../../src/api/contract/copilot.js';
import { ErrorBody, type ErrorCode } from '../../src/api/contract/errors.js';
import { routeAccess, routePattern, type RouteSpec } from '../../src/api/contract/route.js';
import { routes } from '../../src/api/contract/routes.js';
import { SESSION_COOKIE } from '../auth/sessions.js';

type JsonSchema = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

const SIGNED_HEADERS = Object.keys(SignedHeaders.shape);

const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The login session, set by POST /v1/auth/login.',
  },
  csrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description: 'State-changing calls echo the csrf_token cookie in this header (403 csrf_failed otherwise).',
  },
  copilotSession: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Copilot-Signature',
    description: `The signed_headers of POST /v1/copilot/session, all sent together: ${SIGNED_HEADERS.join(', ')}.`,
  },
} as const;

/** Whether the CSRF check applies: the same decision the server's hook reads from the route's config. */
const csrfChecked = (spec: RouteSpec) => routeAccess(spec).csrf;

/** Which credentials the operation takes; [] for public ones. */
function securityOf(spec: RouteSpec): Record<string, string[]>[] {
  if (spec.auth === 'copilot_session') return [{ copilotSession: [] }];
  const csrf: Record<string, string[]> = csrfChecked(spec) ? { csrfHeader: [] } : {};
  if (spec.auth === 'user') return [{ sessionCookie: [], ...csrf }];
  return csrfChecked(spec) ? [csrf] : [];
}

const GENERIC_ERRORS: Partial<Record<number, string>> = {
  400: 'Invalid input',
  401: 'Not logged in, or the credentials are wrong',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  412: 'The ETag in If-Match is stale',
  423: 'Locked',
  428: 'If-Match is missing',
  429: 'Too many requests (see Retry-After)',
  502: 'An upstream service failed',
  503: 'Try again',
};

/** Every error code a route may answer, by status: its own `errors` plus what its settings imply. */
function errorCodesOf(spec: RouteSpec): Map<number, ErrorCode[]> {
  const codes = new Map<number, ErrorCode[]>();
  const add = (status: number, ...list: readonly ErrorCode[]) =>
    codes.set(status, [...new Set([...(codes.get(status) ?? []), ...list])]);
  if (spec.params || spec.query || spec.body) add(400, 'validation_failed');
  if (spec.auth === 'user') add(401, 'not_authenticated');
  if (csrfChecked(spec)) add(403, 'csrf_failed');
  if (spec.params || spec.query) add(404, 'not_found');
  for (const [status, list] of Object.entries(spec.errors ?? {})) add(Number(status), ...(list ?? []));
  return codes;
}

function responsesOf(spec: RouteSpec) {
  const error = { content: { 'application/json': { schema: schemaOf(ErrorBody, 'output') } } };
  const ok =
    spec.status === 204
      ? { description: 'No content' }
      : spec.produces === 'text'
        ? { description: 'OK (streamed)', content: { 'text/plain': { schema: { type: 'string' } } } }
        : { description: 'OK', content: { 'application/json': { schema: schemaOf(spec.response, 'output') } } };
  const responses: Record<string, unknown> = { [spec.status ?? 200]: ok };
  for (const [status, description] of Object.entries(spec.extraResponses ?? {})) responses[status] = { description };
  for (const [status, codes] of [...errorCodesOf(spec)].sort(([a], [b]) => a - b)) {
    responses[status] = { description: `${GENERIC_ERRORS[status] ?? 'Error'} (${codes.join(', ')})`, ...error };
  }
  return responses;
}

function parametersOf(spec: RouteSpec) {
  const parameters: JsonSchema[] = [];
  for (const [where, object] of [
    ['path', spec.params],
    ['query', spec.query],
  ] as const) {
    if (!object) continue;
    const json = schemaOf(object, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      parameters.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        schema: property,
        ...(property.description ? { description: property.description } : {}),
      });
    }
  }
  // The signed session travels in headers (see the copilotSession scheme).
  if (spec.auth === 'copilot_session') {
    for (const name of SIGNED_HEADERS)
      parameters.push({ name, in: 'header', required: true, schema: { type: 'string' } });
  }
  return parameters;
}

export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, spec] of Object.entries(routes) as [string, RouteSpec][]) {
    (paths[routePattern(spec)] ??= {})[spec.method.toLowerCase()] = {
      operationId,
      summary: spec.summary,
      tags: [spec.tag],
      security: securityOf(spec),
      parameters: parametersOf(spec),
      ...(spec.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(spec.body, 'input') } } } }
        : {}),
      responses: responsesOf(spec),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lexhub API',
      version: '1',
      description:
        'Read Czech and EU legal documents: structure, texts in several languages, versions and their comparison.',
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: SECURITY_SCHEMES },
    paths,
  };
}
