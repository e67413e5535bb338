import { taskWriteErrorDto } from '@/contracts/tasks';
import type { TypedDateField } from '@/domain/schedule/typed-date-check';
import { ApiError, errorDetails } from '@/web/lib/api-client';

/** The details a refused date carries: the nearest day allowed, per field. */
const refusedDetails = taskWriteErrorDto.pick({ nearest: true });

/** One refused date: its field, the server's reason and the nearest day it allows (if given). */
export interface RefusedDate {
  field: TypedDateField;
  reason: string;
  nearest: string | undefined;
}

const FIELDS: readonly TypedDateField[] = ['startDate', 'endDate'];

/**
 * The dates a task write was refused for (422 `date_not_allowed`): each field's reason from the
 * body's `errors` and its nearest allowed day from its `nearest`, read from the answer's fields,
 * never from its text. Null for any other failure.
 */
export function refusedDates(error: unknown): RefusedDate[] | null {
  const details = errorDetails(error, 'date_not_allowed', refusedDetails);
  if (!details || !(error instanceof ApiError)) return null;
  const reasons = error.errors ?? {};
  return FIELDS.flatMap((field) => {
    const reason = reasons[field];
    return reason === undefined ? [] : [{ field, reason, nearest: details.nearest?.[field] }];
  });
}
