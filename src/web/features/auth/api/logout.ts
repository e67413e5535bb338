import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/contracts/paths';
import { toast } from '@/web/components/ui/use-toast';
import { apiRequest } from '@/web/lib/api-client';
import { sessionKeys } from '@/web/lib/session-keys';

/** POST /api/auth/logout: ends the server session. */
export async function logout(): Promise<void> {
  await apiRequest('POST', api.authLogout);
}

/**
 * Signs out: a notice either way, every cached query dropped, the session marked
 * signed out, and off to /signin.
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
        queryClient.clear();
        queryClient.setQueryData(sessionKeys.user(), null);
        void navigate('/signin', { replace: true });
      },
    });

  return { logout: run, isPending: mutation.isPending };
}
