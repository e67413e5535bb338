import { contactPaths } from '@/contracts/contacts';

/**
 * Query keys of the contact network. A key's segments joined with '/' are its GET path, so the
 * default query fetcher can load any of them; every key starts with the list's, so invalidating
 * `all()` refreshes them all.
 */
export const contactKeys = {
  all: () => [contactPaths.list] as const,
  list: () => [contactPaths.list] as const,
  byType: () => [contactPaths.list, 'by-type'] as const,
};
