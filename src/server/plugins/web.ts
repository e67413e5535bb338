import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app: hashed assets with long caching, and index.html for every other
 * non-API GET so the client router can take over. API paths keep their JSON 404.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { distDir: string }) => {
  const index = join(opts.distDir, 'index.html');
  const built = existsSync(index);
  if (!built) app.log.warn(`web app not built (${index} missing): run "npm run build"`);
  else {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (
      path.startsWith('/api/') ||
      path === '/api' ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.code(404).send({ message: `No route for ${request.method} ${path}` });
    }
    if (!built)
      return reply.code(404).type('text/plain').send('The web app is not built: run "npm run build".');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
