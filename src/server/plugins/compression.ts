import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses answers of compressible types (JSON, HTML, CSV, iCalendar…) over 1 KB with brotli or
 * gzip, as the client's Accept-Encoding allows; brotli at a fast level, since answers are compressed
 * as they are sent. Files that are already compressed (PDF, images) and the built web app's
 * precompressed assets are sent as they are.
 *
 * Request bodies are read as sent: no client of ours compresses an upload, and inflating one would
 * let a small request grow into a large one before the body limits see it.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
});
