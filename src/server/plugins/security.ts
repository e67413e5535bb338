import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { forbidden } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What Stripe.js needs to load, draw its card form in its frames, and reach Stripe's API. */
const STRIPE_JS = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
  imgSrc: ['https://*.stripe.com'],
};

/** The methods and request headers a listed origin's page may use; its preflight is remembered 10 minutes. */
const CORS_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const CORS_HEADERS = 'content-type, accept';
const CORS_MAX_AGE_SECONDS = '600';

export interface SecurityOptions {
  allowStripe?: boolean;
  /** The address users reach (PUBLIC_URL): its origin is the app's own. */
  publicUrl?: string;
  /** Other origins whose pages may call the API (CORS_ORIGINS), exactly as browsers send `Origin`. */
  corsOrigins?: string[];
}

/**
 * Security headers (HSTS on HTTPS only), and the cross-origin rules. A browser says where a request
 * comes from (`Origin`, `Sec-Fetch-Site`); the app's own origin (PUBLIC_URL's, or the very address the
 * request was sent to) and the origins of CORS_ORIGINS are let through, a listed one with the CORS
 * headers that let its page read the answer. Anyone else's unsafe request is refused 403, and so is
 * its preflight, without an Access-Control-Allow-Origin. Clients that are not browsers send neither
 * header and are let through (they carry no ambient cookie). With Stripe billing, the content
 * security policy lets Stripe.js in as well.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: SecurityOptions = {}) => {
  const ownOrigin = opts.publicUrl ? originOf(opts.publicUrl) : undefined;
  const listed = new Set(opts.corsOrigins ?? []);
  const stripe = (list: string[]) => (opts.allowStripe ? list : []);
  // helmet's middleware is built once: its headers are the same on every answer (the CSP names no
  // per-request nonce), and building it parses the whole policy again.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe(STRIPE_JS.scriptSrc)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...stripe(STRIPE_JS.imgSrc)],
        connectSrc: ["'self'", ...stripe(STRIPE_JS.connectSrc)],
        frameSrc: ["'self'", ...stripe(STRIPE_JS.frameSrc)],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The CSP's frame-ancestors 'none' forbids framing; X-Frame-Options would say SAMEORIGIN.
    xFrameOptions: false,
    // Sent only on HTTPS answers (below): over plain HTTP it is meaningless, and a browser that met it
    // on a local address would refuse that address over HTTP afterwards.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err) => (err instanceof Error ? done(err) : done()));
  });

  app.addHook('onSend', async (request, reply) => {
    // The protocol is the connection's own, or X-Forwarded-Proto when TRUST_PROXY says to believe it.
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    // With origins listed, an answer's CORS headers depend on the asking origin: caches must know.
    if (listed.size > 0) reply.header('vary', 'Origin');
    if (origin !== undefined && listed.has(origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      if (isPreflight(request.method, request.headers)) {
        reply.header('access-control-allow-methods', CORS_METHODS);
        reply.header('access-control-allow-headers', CORS_HEADERS);
        reply.header('access-control-max-age', CORS_MAX_AGE_SECONDS);
        return reply.code(204).send();
      }
      return;
    }
    // An opaque origin ('null': a sandboxed frame, a file) is never the app's own, whatever PUBLIC_URL says.
    const own =
      origin === undefined ||
      (origin !== 'null' &&
        (origin === ownOrigin || sameHost(origin, `${request.protocol}://${request.host}`)));
    // A preflight from anyone else: refused, and without the header that would let its page go on.
    if (isPreflight(request.method, request.headers) && !own) {
      throw forbidden('Cross-origin requests are not allowed', 'cross_site_request');
    }
    if (SAFE_METHODS.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || !own) {
      throw forbidden('Cross-site requests are not allowed', 'cross_site_request');
    }
  });
});

/** A browser asking before a cross-origin request whether it may send it. */
function isPreflight(method: string, headers: Record<string, unknown>): boolean {
  return method === 'OPTIONS' && headers['access-control-request-method'] !== undefined;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Whether two origins name the same host and port (default ports normalised away by URL). */
function sameHost(a: string, b: string): boolean {
  try {
    return new URL(a).host === new URL(b).host;
  } catch {
    return false;
  }
}
