/**
 * QuickBooks Desktop's Intuit Interchange Format (IIF): tab-separated rows, each kind of row after
 * its header row (`!TRNS`, `!SPL`, `!ENDTRNS`; `!CUST`), lines ending in CRLF, dates MM/DD/YYYY.
 *
 * - A bill is a `TRNS` row of TRNSTYPE BILL on the A/P account for minus the bill's total, one `SPL`
 *   row per line on the line's expense account for plus its amount (with the job as NAME, so the
 *   cost lands on the job), then `ENDTRNS`.
 * - An invoice is a `TRNS` row of TRNSTYPE INVOICE on the A/R account for plus its total, one `SPL`
 *   per line on the income account for minus its amount (with the line's item when mapped).
 * - The customer:job list is a `!CUST` header and one `CUST` row per name: each customer before its
 *   jobs, as QuickBooks needs the parent to exist.
 *
 * Every transaction's TRNS and SPL amounts sum to zero. Text never holds a tab or line break (the
 * names were cleaned when prepared; descriptions and memos are cleaned here).
 */
import { centsText, dayText } from './amounts.js';
import type { ExportBill, ExportCustomer, ExportInvoice } from './export-data.js';

export const IIF_TRNS_HEADER = [
  '!TRNS',
  'TRNSID',
  'TRNSTYPE',
  'DATE',
  'ACCNT',
  'NAME',
  'AMOUNT',
  'DOCNUM',
  'MEMO',
  'DUEDATE',
];
export const IIF_SPL_HEADER = [
  '!SPL',
  'SPLID',
  'TRNSTYPE',
  'DATE',
  'ACCNT',
  'NAME',
  'AMOUNT',
  'DOCNUM',
  'MEMO',
  'INVITEM',
];
export const IIF_CUST_HEADER = ['!CUST', 'NAME', 'COMPANYNAME', 'BADDR1', 'NOTE'];

/** A field as IIF holds it: no tab, no line break, no leading or trailing quote. */
export const iifField = (text: string) => text.replace(/[\t\r\n]+/g, ' ').replace(/"/g, "'");

const row = (cells: readonly string[]) => cells.map(iifField).join('\t');

export interface IifAccounts {
  apAccount: string;
  arAccount: string;
  incomeAccount: string;
}

export function writeIifTransactions(
  bills: readonly ExportBill[],
  invoices: readonly ExportInvoice[],
  accounts: IifAccounts,
): string {
  const lines = [row(IIF_TRNS_HEADER), row(IIF_SPL_HEADER), '!ENDTRNS'];
  for (const bill of bills) {
    const date = dayText(bill.date);
    const total = bill.lines.reduce((s, l) => s + l.amountCents, 0);
    lines.push(
      row([
        'TRNS',
        '',
        'BILL',
        date,
        accounts.apAccount,
        bill.vendor,
        centsText(-total),
        bill.number,
        bill.memo,
        dayText(bill.dueDate),
      ]),
    );
    for (const line of bill.lines) {
      lines.push(
        row([
          'SPL',
          '',
          'BILL',
          date,
          line.account,
          bill.job,
          centsText(line.amountCents),
          bill.number,
          line.description,
          '',
        ]),
      );
    }
    lines.push('ENDTRNS');
  }
  for (const invoice of invoices) {
    const date = dayText(invoice.date);
    const total = invoice.lines.reduce((s, l) => s + l.amountCents, 0);
    lines.push(
      row([
        'TRNS',
        '',
        'INVOICE',
        date,
        accounts.arAccount,
        invoice.customerJob,
        centsText(total),
        invoice.number,
        invoice.memo,
        dayText(invoice.dueDate),
      ]),
    );
    for (const line of invoice.lines) {
      lines.push(
        row([
          'SPL',
          '',
          'INVOICE',
          date,
          accounts.incomeAccount,
          invoice.customerJob,
          centsText(-line.amountCents),
          invoice.number,
          line.description,
          line.item ?? '',
        ]),
      );
    }
    lines.push('ENDTRNS');
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The customer:job list: every customer once, before its jobs (a name's parents first). */
export function writeIifCustomers(customers: readonly ExportCustomer[]): string {
  const lines = [row(IIF_CUST_HEADER)];
  const written = new Set<string>();
  for (const customer of customers) {
    const parts = customer.customerJob.split(':');
    for (let depth = 1; depth <= parts.length; depth++) {
      const name = parts.slice(0, depth).join(':');
      if (written.has(name)) continue;
      written.add(name);
      const isJob = depth === parts.length;
      lines.push(
        row([
          'CUST',
          name,
          depth === 1 ? customer.client : '',
          isJob ? (customer.siteAddress ?? '') : '',
          isJob && parts.length > 1 ? customer.jobName : '',
        ]),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
