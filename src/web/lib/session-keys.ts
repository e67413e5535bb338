import { api } from '@/contracts/paths';

/**
 * Query keys of the signed-in session, shared by every feature that has to read or refresh it
 * (sign-in, onboarding, logout). A key's segments joined with '/' are its GET path.
 */
export const sessionKeys = {
  user: () => [api.authUser] as const,
  authConfig: () => [api.authConfig] as const,
};
