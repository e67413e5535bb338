import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers up to this size are compressed in one call; larger ones (exports) stream. */
const SYNC_COMPRESS_MAX_BYTES = 512 * 1024;

/**
 * Compresses answers of compressible types (JSON, HTML, CSV, iCalendar…) over 1 KB with brotli or
 * gzip, as the client's Accept-Encoding allows; brotli at its fastest level, since answers are
 * compressed as they are sent. Files that are already compressed (PDF, images) and the built web app's
 * precompressed assets are sent as they are.
 *
 * Request bodies are read as sent: no client of ours compresses an upload, and inflating one would
 * let a small request grow into a large one before the body limits see it.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Brotli's quality 1 makes our JSON as small as its default quality 4 (within a few percent)
    // at a fifth of the CPU, which matters more for answers compressed on every request.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    // At that quality a list of hundreds of rows compresses in well under a millisecond: cheaper
    // in one call than through a compression stream, whose set-up and hand-offs cost more.
    syncThreshold: SYNC_COMPRESS_MAX_BYTES,
  });
});
