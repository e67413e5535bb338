/**
 * GET requests started before the code that reads them has arrived: a screen's route names the
 * addresses it will ask for as soon as it is entered, and the query that asks later takes the
 * request under way instead of sending a second one. Only the first reader of an address gets it,
 * and an answer left unread for a while is dropped (a later reader asks afresh).
 */
const pending = new Map<string, { response: Promise<Response>; startedAt: number }>();

/** How long an unread early answer may be handed to a reader. */
const FRESH_FOR_MS = 10_000;
/** Two starts of one request this close together are one request. */
const SAME_REQUEST_MS = 1_000;

/** The request options every GET of our API uses, so an early request is the same request. */
export const API_GET_INIT: RequestInit = {
  credentials: 'include',
  headers: { Accept: 'application/json' },
};

/**
 * Starts `GET path` now, unless the same request started moments ago (the app's start and its
 * first route both ask for the first screen's data).
 */
export function startEarlyGet(path: string): void {
  const now = Date.now();
  const existing = pending.get(path);
  if (existing && now - existing.startedAt < SAME_REQUEST_MS) return;
  const response = fetch(path, API_GET_INIT);
  // A failure is the reader's to see; nobody may be left holding an unhandled rejection.
  response.catch(() => undefined);
  pending.set(path, { response, startedAt: now });
}

/**
 * The answer of the early request for `path` when one was started recently, nobody has taken it
 * yet and it succeeded; otherwise undefined, and the reader asks afresh (a failure, or an answer
 * given before the user signed in, is not reused).
 */
export async function takeEarlyGet(path: string): Promise<Response | undefined> {
  const entry = pending.get(path);
  if (!entry) return undefined;
  pending.delete(path);
  if (Date.now() - entry.startedAt >= FRESH_FOR_MS) return undefined;
  const response = await entry.response.catch(() => undefined);
  return response?.ok ? response : undefined;
}

/** Forgets every early request: their answers belong to a session that just ended or began. */
export function dropEarlyRequests(): void {
  pending.clear();
}
