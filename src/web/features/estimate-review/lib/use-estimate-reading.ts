import { useEffect, useMemo, useRef, useState } from 'react';
import { createReadingClient, type ReadingClient, readingKey } from './reading-client';
import type { Reading, ReadingOptions } from './reading-types';

export interface EstimateReadingState {
  /** The latest reading made (of these options, or of earlier ones while `pending`). */
  reading: Reading | null;
  /** The shown reading is not yet of the current options. */
  pending: boolean;
  error: string | null;
}

/**
 * The estimate read with the current answers and corrections, again on every change (off the page's
 * thread, see `reading-client.ts`); while a new reading is made the last one stays shown.
 */
export function useEstimateReading(
  content: string | undefined,
  options: ReadingOptions | null,
): EstimateReadingState {
  const [latest, setLatest] = useState<{ key: string; reading: Reading } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const client = useRef<ReadingClient | null>(null);
  const key = useMemo(() => (options ? readingKey(options) : null), [options]);

  useEffect(() => {
    if (content === undefined) return;
    const made = createReadingClient(
      content,
      (readKey, reading) => {
        setError(null);
        setLatest({ key: readKey, reading });
      },
      setError,
    );
    client.current = made;
    return () => {
      made.close();
      client.current = null;
    };
  }, [content]);

  // `key` stands for `options`: a new object of the same options reads nothing again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again only when the options change
  useEffect(() => {
    if (options && content !== undefined) client.current?.read(options);
  }, [key, content]);

  return { reading: latest?.reading ?? null, pending: key !== null && latest?.key !== key, error };
}
