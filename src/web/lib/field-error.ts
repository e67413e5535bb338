import { ApiError } from './api-client';

/**
 * The server's message for one field of a refused request, when it named that field (its own file, so
 * that only the forms that show such messages load it).
 */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.errors?.[field] : undefined;
}
