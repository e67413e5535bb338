/**
 * A project's task table as CSV (RFC 4180): a header row, then one row per task; fields with a
 * comma, quote or line break are quoted with quotes doubled; lines end in CRLF. The text starts with
 * a UTF-8 byte-order mark so spreadsheet programs read accents right. A text field that a
 * spreadsheet would take for a formula (starting with =, +, -, @, tab or CR) gets a leading `'`.
 *
 * Predecessors read like MS Project's column: `12FS, 15SS+2d, 18FF-1d` (task ids, link type, lag
 * in working days).
 */
import { csvCell, textCell } from '../../../domain/csv/index.js';
import type { Dependency, IsoDate } from '../../../domain/schedule/index.js';

export interface CsvTask {
  id: number;
  name: string;
  phase: string | null;
  duration: number;
  startDate: IsoDate;
  endDate: IsoDate;
  predecessors: readonly Dependency[];
  isCritical: boolean;
  progress: number;
}

export const CSV_HEADER = [
  'id',
  'name',
  'phase',
  'duration',
  'start',
  'finish',
  'predecessors',
  'critical',
  'progress',
] as const;

export function writeTasksCsv(tasks: readonly CsvTask[]): string {
  const lines = [CSV_HEADER.join(',')];
  for (const task of tasks) {
    lines.push(
      [
        String(task.id),
        textCell(task.name),
        textCell(task.phase ?? ''),
        String(task.duration),
        task.startDate,
        task.endDate,
        csvCell(task.predecessors.map(predecessorText).join(', ')),
        task.isCritical ? 'yes' : 'no',
        String(task.progress),
      ].join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** `12FS`, `15SS+2d`, `18FF-1d`. */
export function predecessorText(dependency: Dependency): string {
  const { taskId, type, lagDays } = dependency;
  const lag = lagDays === 0 ? '' : `${lagDays > 0 ? '+' : ''}${lagDays}d`;
  return `${taskId}${type}${lag}`;
}
