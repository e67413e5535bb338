import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { API_GET_INIT, takeEarlyGet } from './early-requests';

/**
 * A non-2xx answer. `message` is `${status}: ${body text or status text}`; the parsed
 * server error (`{message, code, errors}`, see contracts/common.ts, plus any further fields the
 * answer gives, such as a refused date's `nearest`) is kept for the caller to show.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The server's `message`, when the body was our JSON error shape. */
  readonly serverMessage: string | undefined;
  readonly code: string | undefined;
  /** Per-field messages of a validation failure. */
  readonly errors: Record<string, string> | undefined;
  /**
   * The body's other fields (e.g. `nearest` of `date_not_allowed`, `cycle` of a link loop), not
   * yet trusted: read them through `errorDetails` with the contract's schema. Empty when none.
   */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    const parsed = parseErrorBody(bodyText);
    this.serverMessage = parsed.message;
    this.code = parsed.code;
    this.errors = parsed.errors;
    this.details = parsed.details;
  }
}

/** The fields of the error shape itself; whatever else the body carries is a detail. */
const SHAPE_FIELDS = new Set(['message', 'error', 'code', 'errors', 'requestId']);

function parseErrorBody(text: string): {
  message?: string;
  code?: string;
  errors?: Record<string, string>;
  details: Record<string, unknown>;
} {
  const details: Record<string, unknown> = {};
  if (!text) return { details };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { details };
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { details };
  const { message, error, code, errors } = body as Record<string, unknown>;
  for (const [k, v] of Object.entries(body)) if (!SHAPE_FIELDS.has(k)) details[k] = v;
  const msg = typeof message === 'string' ? message : typeof error === 'string' ? error : undefined;
  return {
    ...(msg !== undefined ? { message: msg } : {}),
    ...(typeof code === 'string' ? { code } : {}),
    ...(errors && typeof errors === 'object' ? { errors: stringRecord(errors) } : {}),
    details,
  };
}

function stringRecord(value: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** A schema that checks unknown data (a zod schema from contracts). */
export interface DetailsSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/**
 * The structured details of a failed call with the given code, checked by the contract's schema:
 * undefined when the error is not an ApiError, has another code, or its details do not match.
 */
export function errorDetails<T>(error: unknown, code: string, schema: DetailsSchema<T>): T | undefined {
  if (!(error instanceof ApiError) || error.code !== code) return undefined;
  const parsed = schema.safeParse(error.details);
  return parsed.success ? parsed.data : undefined;
}

/** The server's message of a failed call, when there is one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** Why a call failed, as the server said it: its JSON message, else the answer's text (at most 300 characters). */
export function apiFailureReason(error: unknown): string | undefined {
  const message = serverMessage(error);
  if (message) return message;
  if (!(error instanceof ApiError)) return undefined;
  return error.message.replace(/^\d{3}: /, '').slice(0, 300) || undefined;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, res.statusText, text);
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  return (res.headers.get('content-type') ?? '').includes('application/json') ? JSON.parse(text) : text;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call to our API: JSON in and out, with the session cookie. Throws `ApiError` on a non-2xx
 * answer. It never shows a notice or changes location: the calling feature decides.
 */
export async function apiRequest<T = unknown>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const early = method === 'GET' ? await takeEarlyGet(url) : undefined;
  const res =
    early ??
    (await fetch(url, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }));
  await throwIfNotOk(res);
  return (await readBody(res)) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The GET path of a query key: its segments joined with '/'. */
export function pathOf(queryKey: QueryKey): string {
  return queryKey.map(String).join('/');
}

/**
 * The generic query fetcher: GET the path built from the query key. With `on401: 'returnNull'`
 * a 401 resolves to null (used for "who is signed in"); otherwise every non-2xx answer throws.
 */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const path = pathOf(queryKey);
    const res = (await takeEarlyGet(path)) ?? (await fetch(path, { ...API_GET_INIT, signal }));
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await readBody(res)) as T;
  };
}
