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

/**
 * Security headers (HSTS on HTTPS only), and a cross-site request check for unsafe methods: a browser that says the
 * request comes from another site (Sec-Fetch-Site, or an Origin whose host is not ours) is refused.
 * Clients that are not browsers send neither header and are let through (they carry no ambient cookie).
 * With Stripe billing, the content security policy lets Stripe.js in as well.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { allowStripe?: boolean } = {}) => {
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

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw forbidden('Cross-site requests are not allowed', 'cross_site_request');
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      if (!sameHost(origin, `${request.protocol}://${request.host}`))
        throw forbidden('Cross-site requests are not allowed', 'cross_site_request');
    } else if (origin === 'null') {
      throw forbidden('Cross-site requests are not allowed', 'cross_site_request');
    }
  });
});

/** Whether two origins name the same host and port (default ports normalised away by URL). */
function sameHost(a: string, b: string): boolean {
  try {
    return new URL(a).host === new URL(b).host;
  } catch {
    return false;
  }
}
