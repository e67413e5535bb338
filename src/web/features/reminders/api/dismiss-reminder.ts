import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reminderPaths } from '@/contracts/updates';
import { apiRequest } from '@/web/lib/api-client';
import { reminderKeys } from '@/web/lib/reminder-keys';

/** POST /api/reminders/{id}/dismiss: clears one reminder from the bell. */
export async function dismissReminder(id: number): Promise<void> {
  await apiRequest('POST', reminderPaths.dismiss.replace(':id', String(id)));
}

export function useDismissReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissReminder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reminderKeys.due() }),
  });
}
