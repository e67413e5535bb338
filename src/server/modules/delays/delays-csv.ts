/**
 * The delay report as CSV (RFC 4180): a header row, then one row per delay in date order; fields
 * with a comma, quote or line break are quoted with quotes doubled; lines end in CRLF, after a UTF-8
 * byte-order mark so spreadsheet programs read accents right. Text someone typed that a spreadsheet
 * would take for a formula (starting with =, +, -, @, tab or CR) gets a leading `'`.
 */
import { DELAY_CAUSE_LABELS, type DelayDto } from '../../../contracts/delays.js';
import { csvCell, textCell } from '../../../domain/csv/index.js';

export const DELAY_CSV_HEADER = [
  'date',
  'task',
  'cause',
  'days',
  'was critical',
  'finish before',
  'finish after',
  'finish moved (working days)',
  'note',
  'recorded by',
] as const;

export function writeDelaysCsv(delays: readonly DelayDto[]): string {
  const lines = [DELAY_CSV_HEADER.map(csvCell).join(',')];
  for (const delay of delays) {
    lines.push(
      [
        delay.date,
        textCell(delay.taskName),
        csvCell(DELAY_CAUSE_LABELS[delay.cause]),
        String(delay.days),
        delay.wasCritical ? 'yes' : 'no',
        delay.finishBefore,
        delay.finishAfter,
        String(delay.finishMovedDays),
        textCell(delay.note),
        textCell(delay.recordedBy ?? ''),
      ].join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
