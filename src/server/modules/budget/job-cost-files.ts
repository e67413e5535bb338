/**
 * The job cost report as files: CSV (a row per cost code, its tasks under it, and the job total) and
 * a printable PDF (landscape Letter, the same rows). Amounts are written from whole cents without
 * floats, so the file's rows add up to its totals as the report's do.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from '@cantoo/pdf-lib';
import type { JobCostFiguresDto, JobCostReportDto } from '../../../contracts/job-cost.js';
import { csvCell, textCell } from '../../../domain/csv/index.js';

/** Whole cents as a plain decimal (`-1234.05`). */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Whole cents with thousands separators (`-1,234.05`), for print. */
function moneyText(cents: number): string {
  const [whole = '0', fraction = '00'] = centsText(Math.abs(cents)).split('.');
  return `${cents < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

const COLUMNS: [keyof JobCostFiguresDto, string][] = [
  ['originalCents', 'Original'],
  ['approvedChangeCents', 'Change orders'],
  ['transferCents', 'Transfers'],
  ['revisedCents', 'Revised'],
  ['openCommittedCents', 'Committed (open)'],
  ['actualCents', 'Actual'],
  ['costToCompleteCents', 'Cost to complete'],
  ['eacCents', 'EAC'],
  ['varianceCents', 'Variance'],
];

interface PrintRow {
  level: 'code' | 'task' | 'total';
  code: string;
  name: string;
  figures: JobCostFiguresDto;
}

/** Codes with their tasks under them (the cells of the code), then the job's total. */
function rowsOf(report: JobCostReportDto): PrintRow[] {
  const taskName = new Map(report.byTask.map((t) => [t.taskId, t.name]));
  const rows: PrintRow[] = [];
  for (const code of report.byCode) {
    rows.push({ level: 'code', code: code.code ?? '', name: code.name, figures: code });
    for (const cell of report.cells.filter((c) => c.costCodeId === code.costCodeId))
      rows.push({
        level: 'task',
        code: code.code ?? '',
        name: taskName.get(cell.taskId) ?? 'No task',
        figures: cell,
      });
  }
  rows.push({ level: 'total', code: '', name: 'Job total', figures: report.total });
  return rows;
}

export function writeJobCostCsv(report: JobCostReportDto): string {
  const header = ['Level', 'Cost code', 'Name', ...COLUMNS.map(([, label]) => label)];
  const lines = [header.map(csvCell).join(',')];
  for (const row of rowsOf(report))
    lines.push(
      [
        row.level,
        textCell(row.code),
        textCell(row.name),
        ...COLUMNS.map(([key]) => centsText(row.figures[key])),
      ].join(','),
    );
  const wip = report.workInProgress;
  lines.push('');
  lines.push(`Contract amount,${centsText(wip.contractCents)}`);
  lines.push(`Percent complete,${wip.percentComplete.toFixed(1)}`);
  lines.push(`Earned revenue,${centsText(wip.earnedCents)}`);
  if (wip.billedToClientCents !== null) lines.push(`Billed to client,${centsText(wip.billedToClientCents)}`);
  if (wip.overUnderBillingCents !== null)
    lines.push(`Over (under) billing,${centsText(wip.overUnderBillingCents)}`);
  return `${lines.join('\r\n')}\r\n`;
}

/** The standard fonts write WinAnsi only: anything else becomes `?`. */
const printable = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

function fit(font: PDFFont, text: string, size: number, width: number): string {
  let out = printable(text);
  while (out.length > 1 && font.widthOfTextAtSize(out, size) > width)
    out = `${out.slice(0, -2)}…`.replace('……', '…');
  return out.replace('…', '...');
}

export async function writeJobCostPdf(report: JobCostReportDto, now: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${report.projectName}: job cost report`);
  pdf.setCreationDate(now);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = [792, 612];
  const margin = 36;
  const nameWidth = 190;
  const colWidth = (width - 2 * margin - nameWidth) / COLUMNS.length;
  const size = 8;
  let page: PDFPage = pdf.addPage([width, height]);
  let y = height - margin;

  const header = () => {
    page.drawText(printable(`${report.projectName} - job cost report (${report.currency})`), {
      x: margin,
      y,
      size: 13,
      font: bold,
    });
    y -= 14;
    page.drawText(`As of ${now.toISOString().slice(0, 10)}`, { x: margin, y, size, font });
    y -= 18;
    page.drawText('Cost code / task', { x: margin, y, size, font: bold });
    COLUMNS.forEach(([, label], i) => {
      const x = margin + nameWidth + (i + 1) * colWidth - bold.widthOfTextAtSize(label, size) - 2;
      page.drawText(label, { x, y, size, font: bold });
    });
    y -= 4;
    page.drawLine({
      start: { x: margin, y },
      end: { x: width - margin, y },
      thickness: 0.5,
      color: rgb(0.5, 0.5, 0.5),
    });
    y -= 11;
  };
  header();
  for (const row of rowsOf(report)) {
    if (y < margin + 60) {
      page = pdf.addPage([width, height]);
      y = height - margin;
      header();
    }
    const f = row.level === 'task' ? font : bold;
    const label = row.level === 'task' ? `    ${row.name}` : [row.code, row.name].filter(Boolean).join(' ');
    if (row.level === 'total') {
      page.drawLine({ start: { x: margin, y: y + 9 }, end: { x: width - margin, y: y + 9 }, thickness: 0.5 });
    }
    page.drawText(fit(f, label, size, nameWidth - 4), { x: margin, y, size, font: f });
    COLUMNS.forEach(([key], i) => {
      const text = moneyText(row.figures[key]);
      const x = margin + nameWidth + (i + 1) * colWidth - f.widthOfTextAtSize(text, size) - 2;
      page.drawText(text, { x, y, size, font: f });
    });
    y -= 12;
  }
  const wip = report.workInProgress;
  y -= 12;
  const facts: [string, string][] = [
    ['Contract amount', moneyText(wip.contractCents)],
    ['Percent complete', `${wip.percentComplete.toFixed(1)} %`],
    ['Earned revenue', moneyText(wip.earnedCents)],
    ['Billed to client', wip.billedToClientCents === null ? '-' : moneyText(wip.billedToClientCents)],
    ['Over (under) billing', wip.overUnderBillingCents === null ? '-' : moneyText(wip.overUnderBillingCents)],
  ];
  if (y < margin + facts.length * 12) {
    page = pdf.addPage([width, height]);
    y = height - margin;
  }
  page.drawText('Work in progress (cost to cost)', { x: margin, y, size: 10, font: bold });
  y -= 14;
  for (const [label, value] of facts) {
    page.drawText(label, { x: margin, y, size, font });
    page.drawText(value, { x: margin + 200 - font.widthOfTextAtSize(value, size), y, size, font });
    y -= 12;
  }
  return pdf.save();
}
