/** The outcome of reading outside data: a value, or the reason it was refused. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

export const parsed = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const refused = <T>(error: string): Parsed<T> => ({ ok: false, error });

/** Parses JSON text without throwing. */
export function parseJsonText(text: string): Parsed<unknown> {
  try {
    return parsed(JSON.parse(text) as unknown);
  } catch {
    return refused('is not valid JSON');
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
