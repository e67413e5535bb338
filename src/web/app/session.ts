import type { UserDto } from '@/contracts/auth';
import { useUser } from '@/web/features/auth/api/get-user';

/**
 * The signed-in user (or null) below <SessionGate>, which only renders its routes once the
 * session query has an answer.
 */
export function useSessionUser(): UserDto | null {
  return useUser().data ?? null;
}

/** The signed-in user, for routes that <RequireSignedIn> already guards. */
export function useRequiredUser(): UserDto {
  const user = useSessionUser();
  if (!user) throw new Error('useRequiredUser used outside a signed-in route');
  return user;
}
