/**
 * The CSV files QuickBooks Online and Xero import (RFC 4180: quoted where needed, CRLF, a UTF-8
 * byte-order mark), every text cell guarded against spreadsheet formula injection. Amounts are
 * written from whole cents with two decimals, never through a float.
 *
 * - QuickBooks Online bills: one row per bill line; the rows of one bill share its Bill No., Vendor
 *   and dates (MM/DD/YYYY), as QuickBooks' bill import groups them.
 * - QuickBooks Online customers: one row per job, named by its `Customer:Job`.
 * - Xero bills: Xero's purchase bill template columns, their `*` marking what Xero requires; one row
 *   per line, Quantity 1 and the line's amount as UnitAmount; the job as the option of a tracking
 *   category; dates in the organisation's order.
 */
import { csvCell, textCell } from '../csv/index.js';
import { centsText, type DateOrder, dayText } from './amounts.js';
import type { ExportBill, ExportCustomer } from './export-data.js';

export const QBO_BILLS_HEADER = [
  'Bill No.',
  'Vendor',
  'Bill Date',
  'Due Date',
  'Memo',
  'Account',
  'Line Description',
  'Line Amount',
  'Customer/Project',
] as const;

export const QBO_CUSTOMERS_HEADER = ['Name', 'Company', 'Street', 'Notes'] as const;

export const XERO_BILLS_HEADER = [
  '*ContactName',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'Description',
  '*Quantity',
  '*UnitAmount',
  '*AccountCode',
  '*TaxType',
  'TrackingName1',
  'TrackingOption1',
] as const;

/** A row's cells: text (guarded and quoted) or a number, date or amount we wrote ourselves (quoted). */
type Cell = { text: string } | string;
const cell = (c: Cell) => (typeof c === 'string' ? csvCell(c) : textCell(c.text));
const t = (text: string): Cell => ({ text });

function csv(header: readonly string[], rows: readonly Cell[][]): string {
  const lines = [header.map(csvCell).join(','), ...rows.map((r) => r.map(cell).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function writeQboBills(bills: readonly ExportBill[]): string {
  const rows: Cell[][] = [];
  for (const bill of bills) {
    for (const line of bill.lines) {
      rows.push([
        t(bill.number),
        t(bill.vendor),
        dayText(bill.date),
        dayText(bill.dueDate),
        t(bill.memo),
        t(line.account),
        t(line.description),
        centsText(line.amountCents),
        t(bill.job),
      ]);
    }
  }
  return csv(QBO_BILLS_HEADER, rows);
}

export function writeQboCustomers(customers: readonly ExportCustomer[]): string {
  return csv(
    QBO_CUSTOMERS_HEADER,
    customers.map((c) => [t(c.customerJob), t(c.client), t(c.siteAddress ?? ''), t(c.jobName)]),
  );
}

export function writeXeroBills(
  bills: readonly ExportBill[],
  options: { taxType: string; trackingName: string; dateOrder: DateOrder },
): string {
  const rows: Cell[][] = [];
  for (const bill of bills) {
    for (const line of bill.lines) {
      rows.push([
        t(bill.vendor),
        t(bill.number),
        t(bill.memo),
        dayText(bill.date, options.dateOrder),
        dayText(bill.dueDate, options.dateOrder),
        t(line.description),
        '1',
        centsText(line.amountCents),
        t(line.account),
        t(options.taxType),
        t(options.trackingName),
        t(bill.job),
      ]);
    }
  }
  return csv(XERO_BILLS_HEADER, rows);
}
