// The checks /mcp makes before any key is looked up: the key only in the Authorization header
// (never in the URL, where logs and browser histories keep it), the Origin of browser callers
// (DNS rebinding), and the challenges 401 and 403 answers carry (RFC 6750, RFC 9728).
import type { FastifyRequest } from 'fastify';
import { PROTECTED_RESOURCE_METADATA_PATH } from '../../src/api/contract/mcp.js';
import { KEY_PATTERN } from '../api-keys/key-format.js';

/** True when the URL carries something shaped like a key (also percent-encoded). */
export function keyInUrl(url: string): boolean {
  if (KEY_PATTERN.test(url)) return true;
  try {
    return KEY_PATTERN.test(decodeURIComponent(url.replace(/\+/g, ' ')));
  } catch {
    // A malformed escape elsewhere: look at each piece that decodes.
    return url.split(/(?=%)/).some((piece) => {
      try {
        return KEY_PATTERN.test(decodeURIComponent(piece));
      } catch {
        return false;
      }
    });
  }
}

/** The secret of `Authorization: Bearer <key>` (scheme case-insensitive); undefined without one. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1];
}

/** Where the server is reached: PUBLIC_URL when configured, else the request's own origin. */
export const baseUrlOf = (request: FastifyRequest, publicUrl: string | undefined) =>
  publicUrl ?? `${request.protocol}://${request.host}`;

/**
 * A browser page may call only from the server's own origin (PUBLIC_URL's when configured, else
 * the Host's); agents and other non-browser clients send no Origin and pass.
 */
export function originAllowed(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false;
  return new URL(origin).origin === new URL(baseUrlOf(request, publicUrl)).origin;
}

const metadataUrl = (request: FastifyRequest, publicUrl: string | undefined) =>
  `${baseUrlOf(request, publicUrl)}${PROTECTED_RESOURCE_METADATA_PATH}`;

/** 401: where to learn about the resource, and the least scope that opens it. */
export function unauthorizedChallenge(request: FastifyRequest, publicUrl: string | undefined, missing: boolean) {
  // RFC 6750 §3.1: no error code when the request carried no credentials at all.
  const error = missing ? '' : 'error="invalid_token", ';
  return `Bearer ${error}resource_metadata="${metadataUrl(request, publicUrl)}", scope="memory.read"`;
}

/** 403: the scope the refused call needs. */
export const insufficientScopeChallenge = (request: FastifyRequest, publicUrl: string | undefined, scope: string) =>
  `Bearer error="insufficient_scope", scope="${scope}", resource_metadata="${metadataUrl(request, publicUrl)}"`;
