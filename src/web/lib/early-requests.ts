/**
 * GET requests started before the code that reads them has arrived: a screen's route names the
 * addresses it will ask for as soon as it is entered, and the query that asks later takes the
 * request under way instead of sending a second one. Only the first reader of an address gets it,
 * and an answer left unread for a while is dropped (a later reader asks afresh).
 */
const pending = new Map<string, { response: Promise<Response>; startedAt: number }>();

/** How long an unread early answer may be handed to a reader. */
const FRESH_FOR_MS = 10_000;

/** The request options every GET of our API uses, so an early request is the same request. */
export const API_GET_INIT: RequestInit = {
  credentials: 'include',
  headers: { Accept: 'application/json' },
};

/** Starts `GET path` now, unless it is already under way. */
export function startEarlyGet(path: string): void {
  const now = Date.now();
  const existing = pending.get(path);
  if (existing && now - existing.startedAt < FRESH_FOR_MS) return;
  const response = fetch(path, API_GET_INIT);
  // A failure is the reader's to see; nobody may be left holding an unhandled rejection.
  response.catch(() => undefined);
  pending.set(path, { response, startedAt: now });
}

/** The early request for `path`, if one was started recently and nobody has taken it yet. */
export function takeEarlyGet(path: string): Promise<Response> | undefined {
  const entry = pending.get(path);
  if (!entry) return undefined;
  pending.delete(path);
  return Date.now() - entry.startedAt < FRESH_FOR_MS ? entry.response : undefined;
}
