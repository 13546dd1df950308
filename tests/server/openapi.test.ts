// The OpenAPI document from the route table: every operation says how it is authenticated and
// lists the errors it can answer (401 for logged-in routes, 403 csrf_failed for checked writes,
// 429 where rate-limited, and each route's own codes); Copilot routes sit at their own paths.
import { describe, expect, it } from 'vitest';
import { needsCsrf, routePattern, type RouteSpec } from '../../src/api/contract/route.js';
import { routes } from '../../src/api/contract/routes.js';
import { CSRF_HEADER } from '../../server/auth/csrf.js';
import { SESSION_COOKIE } from '../../server/auth/sessions.js';
import { buildOpenApiDocument } from '../../server/http/openapi.js';

interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string }>;
  parameters: { name: string; in: string }[];
}

const doc = buildOpenApiDocument();
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method, ...(operation as Operation) })),
);
const specOf = (operationId: string) => (routes as Record<string, RouteSpec>)[operationId]!;

describe('OpenAPI document', () => {
  it('has one operation per route, at its routePattern', () => {
    expect(operations).toHaveLength(Object.keys(routes).length);
    for (const operation of operations) {
      const spec = specOf(operation.operationId);
      expect(operation.path).toBe(routePattern(spec));
      expect(operation.method).toBe(spec.method.toLowerCase());
    }
    expect(doc.paths['/copilot/config']?.get).toBeDefined();
    expect(doc.paths['/copilot_templates.json']?.get).toBeDefined();
    expect(doc.paths['/copilot/chat']?.post).toBeDefined();
    expect(
      Object.keys(doc.paths)
        .filter((path) => path.startsWith('/v1/copilot/'))
        .sort(),
    ).toEqual(['/v1/copilot/conversations', '/v1/copilot/conversations/{id}', '/v1/copilot/session']);
  });

  it('names the session cookie and the CSRF header as the server reads them', () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: SESSION_COOKIE });
    expect(schemes.csrfHeader).toMatchObject({ type: 'apiKey', in: 'header' });
    expect(schemes.csrfHeader.name.toLowerCase()).toBe(CSRF_HEADER);
  });

  it('defines security on every operation', () => {
    for (const operation of operations) {
      const spec = specOf(operation.operationId);
      expect(operation.security, operation.operationId).toBeInstanceOf(Array);
      const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      expect(schemes.includes('sessionCookie'), operation.operationId).toBe(spec.auth === 'user');
      const csrf = needsCsrf(spec) && spec.prefix !== '' && spec.auth !== 'copilot_session';
      expect(schemes.includes('csrfHeader'), operation.operationId).toBe(csrf);
      if (csrf) expect(operation.responses['403']?.description, operation.operationId).toContain('csrf_failed');
    }
    expect(operations.find((operation) => operation.operationId === 'listDocuments')!.security).toEqual([]);
  });

  it('lists 401 for every logged-in operation', () => {
    for (const operation of operations.filter((operation) => specOf(operation.operationId).auth === 'user')) {
      expect(operation.responses['401']?.description, operation.operationId).toContain('not_authenticated');
    }
  });

  it("lists each route's own error codes, 429 where rate-limited", () => {
    for (const operation of operations) {
      for (const [status, codes] of Object.entries(specOf(operation.operationId).errors ?? {})) {
        for (const code of codes ?? []) expect(operation.responses[status]?.description).toContain(code);
      }
    }
    for (const rateLimited of ['register', 'login', 'forgotPassword', 'resendVerification', 'copilotChat']) {
      expect(operations.find((operation) => operation.operationId === rateLimited)!.responses['429']).toBeDefined();
    }
  });

  it('documents the signed headers of the chat', () => {
    const chat = operations.find((operation) => operation.operationId === 'copilotChat')!;
    expect(chat.security).toEqual([{ copilotSession: [] }]);
    expect(chat.parameters.filter((parameter) => parameter.in === 'header').map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['x-copilot-session', 'x-copilot-signature']),
    );
  });
});
