import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { firstScreenReads } from '../../contracts/first-reads.js';
import { pages } from '../../contracts/pages.js';
import { accessFor } from '../../domain/subscription/gate.js';
import { declareRoutesPublic } from './auth-context.js';

/**
 * Serves the built web app: hashed assets with long caching (precompressed), and the app shell (index.html) for each
 * of the app's pages, so the client router can take over. Every other path is a 404: JSON for API
 * clients, the app shell (which draws its not-found page) for a browser asking for HTML. The build
 * writes two variants of the shell (scripts/page-variants.ts): landing.html for a visitor at `/`,
 * signed-in.html for a signed-in user. A signed-in user's page also preloads the data its first screen
 * begins with, so that it downloads beside the app's code instead of after it.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { distDir: string; now?: () => Date }) => {
  const now = opts.now ?? (() => new Date());
  const index = join(opts.distDir, 'index.html');
  const built = existsSync(index);
  const has = (file: string) => built && existsSync(join(opts.distDir, file));
  const landing = has('landing.html');
  const signedIn = has('signed-in.html');
  if (!built) app.log.warn(`web app not built (${index} missing): run "npm run build"`);

  // The files and pages are public; the scope keeps `reply.sendFile` and the not-found handler together.
  await app.register(async (scope) => {
    declareRoutesPublic(scope);
    if (built) {
      await scope.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        // The build writes a .br and a .gz beside each asset (vite.config.ts): sent as asked.
        preCompressed: true,
        setHeaders(res, path) {
          res.header(
            'cache-control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }
    // A signed-in user's pages also preload what signed-in screens wait for; a visitor at `/` gets the
    // landing page drawn ahead. One address answers both, so caches must tell them apart (Vary).
    const shellFile = (request: FastifyRequest) => {
      if (request.sessionUser) return signedIn ? 'signed-in.html' : 'index.html';
      return landing && request.url.split('?')[0] === pages.home ? 'landing.html' : 'index.html';
    };
    const shell = async (request: FastifyRequest, reply: FastifyReply, status: number) => {
      if (!built)
        return reply.code(404).type('text/plain').send('The web app is not built: run "npm run build".');
      reply.code(status).header('cache-control', 'no-cache').header('vary', 'Cookie');
      const file = shellFile(request);
      const reads = status === 200 ? firstReadsFor(request, now()) : [];
      if (reads.length === 0) return reply.sendFile(file);
      const html = await readFile(join(opts.distDir, file), 'utf8');
      return reply.type('text/html; charset=utf-8').send(withPreloads(html, reads));
    };
    for (const path of new Set(Object.values(pages))) {
      scope.get(path, { schema: { hide: true } }, (request, reply) => shell(request, reply, 200));
    }
    scope.setNotFoundHandler((request, reply) => {
      if (wantsPage(request)) return shell(request, reply, 404);
      const path = request.url.split('?')[0] ?? '';
      return reply.code(404).send({ message: `No route for ${request.method} ${path}` });
    });
  });
});

/**
 * The API reads a signed-in user's first screen begins with, when the gate lets them in to it (a user
 * the gate sends elsewhere would only be refused them).
 */
function firstReadsFor(request: FastifyRequest, at: Date): string[] {
  const auth = request.sessionUser;
  if (!auth || accessFor(auth.company, at) !== 'allowed') return [];
  const [pathname = '/', search = ''] = request.url.split('?', 2);
  return firstScreenReads(pathname, search);
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page with preloads of these API reads: made as the app's own requests make them (a fetch with
 * the session's cookie), so that the browser hands the app the answers instead of asking again.
 */
function withPreloads(html: string, reads: string[]): string {
  const links = reads
    .map((path) => `<link rel="preload" href="${attribute(path)}" as="fetch" crossorigin="use-credentials">`)
    .join('');
  return html.replace('</head>', () => `${links}</head>`);
}

/** A browser navigating (GET for HTML) is shown the app's own not-found page. */
function wantsPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}
