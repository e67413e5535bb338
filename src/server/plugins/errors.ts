import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';

/**
 * One error shape for every non-2xx answer: `{message, code?, errors?, requestId?}`.
 * Validation problems become 400 with per-field messages; our AppErrors keep their status;
 * Fastify's own client errors (bad JSON, body too large, …) keep theirs; anything else is a logged 500.
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
