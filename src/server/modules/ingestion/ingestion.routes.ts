import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { aiPaths, parsePdfResponse } from '../../../contracts/ai.js';
import { errorDto, errorResponses } from '../../../contracts/common.js';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../errors.js';
import { explainUploadError, readWholeFile, uploadFileName } from '../../uploads.js';
import { type IngestionService, sharedIngestion, type UploadedFile } from './ingestion.service.js';

/** Files read per user (OCR of a scan takes seconds of CPU): 60 per 10 minutes. */
export const PARSE_LIMIT = { max: 60, timeWindow: 10 * 60 * 1000 } as const;

const parsePdfBody = z
  .object({ file: z.file() })
  // The multipart parser leaves the parsed body empty (null): the part is read as a stream.
  .nullish()
  .meta({
    description:
      'multipart/form-data with one part named `file`: PDF, JPG/PNG, DOCX, DOC, XLSX, XLS, CSV or TXT',
  });

/** The uploaded `file` part, the parser's errors made into clear answers. */
async function uploadedFile(request: FastifyRequest, maxMb: string): Promise<UploadedFile> {
  const explain = (err: unknown) =>
    explainUploadError(err, {
      maxMb,
      multipartExpected: 'Send the file as multipart/form-data in a part named "file"',
      tooMany: () => new AppError(413, 'too_many_files', 'Send one file per request'),
    });
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        // Drain it: the stream must be consumed before the next part can be read.
        part.file.resume();
        continue;
      }
      const bytes = await readWholeFile(part).catch((err: unknown) => {
        throw explain(err);
      });
      return {
        fileName: uploadFileName(part.filename, 'upload'),
        mimeType: part.mimetype,
        read: async () => bytes,
      };
    }
  } catch (err) {
    throw explain(err);
  }
  throw badRequest('Attach the estimate as a file part named "file"', { file: 'Required' }, 'file_required');
}

/** `POST /api/parse-pdf`: reads an uploaded estimate as text, for the plan to be made from it. */
export async function ingestionRoutes(app: FastifyInstance, ctx: AppContext) {
  const maxMb = String(Number((ctx.config.maxUploadBytes / (1024 * 1024)).toFixed(2)));
  await app.register(multipart, {
    limits: { fileSize: ctx.config.maxUploadBytes, files: 1, fields: 10, parts: 20 },
    throwFileSizeLimit: true,
  });
  const service: IngestionService = sharedIngestion(ctx);
  app.addHook('onClose', async () => service.close());
  // A running server starts one reader process and the text-recognition workers at once, in the
  // background, so the first upload does not wait for them and readiness does not either; tests
  // (many apps, most never reading a file) start theirs on first use.
  if (ctx.config.env !== 'test') {
    app.addHook('onReady', async () => {
      void service.warmUp().catch((err: unknown) => app.log.warn({ err }, 'reader warm-up failed'));
    });
  }

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    aiPaths.parsePdf,
    {
      schema: {
        tags: ['ai'],
        summary: `Read an estimate file as text (PDF with OCR of scanned pages, JPG/PNG by OCR, DOCX, DOC, XLSX, XLS, CSV, TXT; max ${maxMb} MB, ${ctx.config.ingestion.maxPdfPages} PDF pages)`,
        consumes: ['multipart/form-data'],
        body: parsePdfBody,
        response: {
          200: parsePdfResponse,
          ...errorResponses,
          413: errorDto,
          415: errorDto,
          422: errorDto,
          503: errorDto,
        },
      },
      // A JSON or form body is refused before the body schema would call it a validation error.
      preValidation: async (request) => {
        if (!request.isMultipart()) {
          throw new AppError(
            415,
            'multipart_expected',
            'Send the file as multipart/form-data in a part named "file"',
          );
        }
      },
      config: {
        access: 'tenant',
        rateLimit: {
          ...PARSE_LIMIT,
          keyGenerator: (request: FastifyRequest) => `parse:${request.auth?.user.id ?? request.ip}`,
        },
      },
    },
    async (request) => service.parse(await uploadedFile(request, maxMb), request.log),
  );
}
