import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isConnectionLost } from '../db/connection-errors.js';
import { AppError } from '../errors.js';

/**
 * One error shape for every non-2xx answer: `{message, code?, errors?, requestId?}`.
 * Validation problems become 400 with per-field messages; our AppErrors keep their status;
 * a lost database connection is 503, try again; Fastify's own client errors (bad JSON, body too
 * large, …) keep theirs; anything else is a logged 500.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          String((issue.params as { issue?: { path?: unknown[] } }).issue?.path?.join('.') ?? '') ||
          '_';
        errors[field] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(errors)[0] ?? 'Invalid request';
      const where = error.validationContext === 'body' ? '' : ` (${error.validationContext})`;
      return reply.code(400).send({ message: `${first}${where}`, code: 'validation_failed', errors });
    }
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({
        message: error.message,
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
        ...error.extra,
      });
    }
    if (isConnectionLost(error)) return answerDatabaseUnavailable(error, request, reply);
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply.code(500).send({ message: 'Internal error', requestId: request.id });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: clientMessage(error), code: error.code?.toLowerCase() });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ message: 'Internal error', requestId: request.id });
  });
});

const DATABASE_UNAVAILABLE = JSON.stringify({
  message: 'Database unavailable, try again',
  code: 'database_unavailable',
});

/**
 * The database connection was lost under the request (a failover, a pooler timeout, an
 * administrator ending sessions) or none could be had: 503, and the client may send it again.
 * The server rolled back whatever transaction that connection had open, so nothing of it stays;
 * only a COMMIT cut off in flight leaves the outcome unknown, as with any lost connection.
 *
 * The answer is written out as it is, past the reply hooks: those run before any answer is sent,
 * and one of them (the session's refresh) writes to the database. Failing a second time there
 * would hand that error to Fastify's default handler, whose answer shows the client the failed
 * SQL with the session's contents.
 */
function answerDatabaseUnavailable(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.warn({ err: error }, 'database connection lost');
  reply.hijack();
  if (reply.raw.headersSent) {
    reply.raw.destroy();
    return;
  }
  // The headers set so far (the security headers among them) still go out.
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.raw.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(DATABASE_UNAVAILABLE),
    'retry-after': '1',
  });
  reply.raw.end(DATABASE_UNAVAILABLE);
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return error.message;
  }
}
