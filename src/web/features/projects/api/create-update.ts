import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateUpdateInput, type UpdateDto, updateDto } from '@/contracts/updates';
import { apiRequest } from '@/web/lib/api-client';
import { reminderKeys } from '@/web/lib/reminder-keys';
import { projectKeys, taskKeys } from './keys';

/** POST /api/updates: a task update (taskId, message, priority normal), optionally a reminder. */
export async function createUpdate(body: CreateUpdateInput): Promise<UpdateDto> {
  return updateDto.parse(await apiRequest('POST', '/api/updates', body));
}

export function useCreateUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUpdate,
    onSuccess: async (update) => {
      await Promise.all([
        update.taskId !== null
          ? queryClient.invalidateQueries({ queryKey: taskKeys.updates(update.taskId) })
          : Promise.resolve(),
        queryClient.invalidateQueries({ queryKey: projectKeys.updates(update.projectId) }),
        update.isReminder
          ? queryClient.invalidateQueries({ queryKey: reminderKeys.due() })
          : Promise.resolve(),
      ]);
    },
  });
}
