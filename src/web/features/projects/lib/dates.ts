/**
 * Project and task dates are calendar days: a date input's "2025-09-01" is stored as midnight UTC.
 * They are shown and edited as that UTC day, so nobody west of Greenwich sees the day before.
 */
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Sep 1, 2025"; empty for a missing or invalid date. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dayFormat.format(date);
}

/** The YYYY-MM-DD a date input holds for a stored date. */
export function toDateInput(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

const timeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A moment (an update's time) in the viewer's zone: "Sep 1, 2025, 3:05 PM". */
export function formatMoment(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}

const sizeUnits = ['B', 'KB', 'MB', 'GB'] as const;

/** "12.4 KB". */
export function formatFileSize(bytes: number): string {
  let n = bytes;
  let unit = 0;
  while (n >= 1024 && unit < sizeUnits.length - 1) {
    n /= 1024;
    unit++;
  }
  return `${unit === 0 ? n : n.toFixed(1)} ${sizeUnits[unit]}`;
}
