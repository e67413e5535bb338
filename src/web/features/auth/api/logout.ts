import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/contracts/paths';
import { toast } from '@/web/components/ui/use-toast';
import { apiRequest } from '@/web/lib/api-client';
import { dropEarlyRequests } from '@/web/lib/early-requests';
import { sessionKeys } from '@/web/lib/session-keys';

/** POST /api/auth/logout: ends the server session. */
export async function logout(): Promise<void> {
  await apiRequest('POST', api.authLogout);
}

/**
 * Signs out: a notice either way, the session marked signed out, off to /signin, and every other
 * cached query dropped.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({ mutationFn: logout });

  const run = () =>
    mutation.mutate(undefined, {
      onSettled: (_data, error) => {
        toast(
          error
            ? { title: 'Logging out...', description: 'Redirecting to signin page.' }
            : { title: 'Logged out successfully', description: 'You have been logged out.' },
        );
        // Signed out first: the signed-in screens leave, and their queries with them. Emptying the
        // cache under a screen still shown would have it ask the server again, now without a session.
        queryClient.setQueryData(sessionKeys.user(), null);
        void navigate('/signin', { replace: true });
        const [session] = sessionKeys.user();
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== session });
        dropEarlyRequests();
      },
    });

  return { logout: run, isPending: mutation.isPending };
}
