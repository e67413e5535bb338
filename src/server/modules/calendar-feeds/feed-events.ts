import type { TaskListItemDto } from '../../../contracts/tasks.js';
import { dayOf } from '../../../domain/schedule-view/index.js';
import type { IcsEvent } from './ics.js';

const statusLabel = (status: string) =>
  status
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/**
 * A task as an all-day event. Its UID is the task's id on this server's host, the same in every
 * feed and at every refresh, so calendars update the event instead of adding another; the title
 * names the project, and the event links to the task's page.
 */
export function taskEvent(task: TaskListItemDto, publicUrl: string): IcsEvent {
  const details = [
    `Project: ${task.projectName}`,
    task.phase ? `Phase: ${task.phase}` : null,
    `Status: ${statusLabel(task.status)} (${task.progress}%)`,
    task.assigneeName ? `Assigned to: ${task.assigneeName}` : null,
    task.isCritical ? 'On the critical path' : null,
  ];
  return {
    uid: `task-${task.id}@${new URL(publicUrl).hostname}`,
    startDay: dayOf(task.startDate),
    endDay: dayOf(task.endDate),
    summary: `${task.projectName}: ${task.name}`,
    description: details.filter((line) => line !== null).join('\n'),
    url: `${publicUrl}/projects/${task.projectId}/tasks/${task.id}`,
  };
}
