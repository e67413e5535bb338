import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers, and a cross-site request check for unsafe methods: a browser that says the
 * request comes from another site (Sec-Fetch-Site, or an Origin whose host is not ours) is refused.
 * Clients that are not browsers send neither header and are let through (they carry no ambient cookie).
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
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
