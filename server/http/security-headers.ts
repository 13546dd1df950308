// Security headers on every answer (the web app, its files, /v1, /mcp): a Content-Security-Policy
// that runs only this server's scripts, no framing, nosniff, a referrer policy, a permissions
// policy, and HSTS when the public address is https. Helmet sets them at onRequest, so answers a
// route writes itself (/mcp) carry them too.
import type { IncomingMessage } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { EXPORT_HTML_PATTERN } from '../../src/api/contract/export.js';

export interface SecurityHeadersOptions {
  /** PUBLIC_URL: https turns HSTS (and upgrade-insecure-requests) on. */
  publicUrl: string;
  /** COPILOT_CHAT_URL: a separate chat service's origin joins connect-src; a path needs nothing. */
  chatUrl?: string;
}

/** Browser features the app never uses, refused for it and anything it could embed. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/** A Host header that is only a host name or IP and a port (anything else is not echoed into the policy). */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** The live channel (/ws) on the host the page was loaded from: 'self' covers ws(s) only in CSP 3 browsers. */
export function liveChannelSources(host: string | undefined): string {
  return host && HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

/** The chat service's origin when it is another server (an absolute COPILOT_CHAT_URL). */
function chatOrigin(chatUrl: string | undefined): string[] {
  if (!chatUrl || !/^https?:\/\//i.test(chatUrl) || !URL.canParse(chatUrl)) return [];
  return [new URL(chatUrl).origin];
}

export function contentSecurityDirectives(options: SecurityHeadersOptions) {
  const https = new URL(options.publicUrl).protocol === 'https:';
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    // Only the build's own files: no inline script (the theme bootstrap is public/theme-bootstrap.js).
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // 'unsafe-inline' for styles only: Radix Themes and its dialogs (react-remove-scroll) insert
    // <style> elements and style attributes at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      ...chatOrigin(options.chatUrl),
      (request: IncomingMessage) => liveChannelSources(request.headers.host),
    ],
    // The reader's print frame loads /v1/.../export.html from this server.
    'frame-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** The export page is printed in a frame of the reader: this origin may frame it, no other. */
const FRAMEABLE_ROUTES = new Set([EXPORT_HTML_PATTERN.replace(/\{(\w+)\}/g, ':$1')]);

export async function installSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions) {
  const https = new URL(options.publicUrl).protocol === 'https:';
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(options) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // A year, this host only: sibling hosts of the domain may still serve plain http.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  // Helmet has no Permissions-Policy; set the same way (on the raw answer), so hijacked answers carry it too.
  app.addHook('onRequest', async (_request, reply) => {
    reply.raw.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url !== undefined && FRAMEABLE_ROUTES.has(request.routeOptions.url)) {
      reply.header('X-Frame-Options', 'SAMEORIGIN');
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') {
        const framed = /frame-ancestors[^;]*/.test(policy)
          ? policy.replace(/frame-ancestors[^;]*/, "frame-ancestors 'self'")
          : `${policy}; frame-ancestors 'self'`;
        reply.header('Content-Security-Policy', framed);
      }
    }
    return payload;
  });
}
