import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type Path = (string | number)[];

/** Where a request part holds a NUL character: in a text value or in an object key. */
function nulPaths(value: unknown, path: Path = [], found: Path[] = []): Path[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) nulPaths(item, [...path, i], found);
  } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      nulPaths(key.includes('\u0000') ? '\u0000' : item, [...path, key], found);
    }
  }
  return found;
}

/**
 * Text may not contain NUL (`\u0000`): PostgreSQL's text cannot store it, and no form types one.
 * Checked on every request part before the route's own schema, so every text field of every route,
 * including ones added later, refuses it with a 400 naming the field.
 */
const withoutNul = (schema: ZodType) =>
  z
    .unknown()
    .superRefine((data, ctx) => {
      for (const path of nulPaths(data)) {
        const field = path.length ? String(path.join('.')) : 'The value';
        ctx.addIssue({ code: 'custom', path, message: `${field} contains a NUL character (\\u0000)` });
      }
    })
    .pipe(schema);

/** The zod validator, refusing NUL characters in any text first. */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: withoutNul(route.schema) });
