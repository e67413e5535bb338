import { reminderPaths } from '@/contracts/updates';

/** The bell's query key: shared so that adding a reminder anywhere refreshes the bell. */
export const reminderKeys = {
  due: () => [reminderPaths.due] as const,
};
