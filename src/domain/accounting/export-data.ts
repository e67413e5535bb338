/**
 * From the product's bills, invoices and jobs to what an accounting file writes: every vendor, job
 * and cost code named as the company's accounting program knows it (through its mappings). What
 * cannot be named is never silently dropped: a bill whose line has no account for the format is
 * left out of the file and listed, with the cost code; a vendor or job without a mapped name is
 * written under its own name in the product and listed, so the accountant can map it next time.
 */
import type { DateOrder } from './amounts.js';

export type ExportFormat = 'iif' | 'iif-customers' | 'qbo-bills' | 'qbo-customers' | 'xero-bills';

/** A bill as the costs module keeps it. */
export interface SourceBill {
  id: number;
  projectId: number;
  /** The vendor's bill number; null: `BILL-<id>` is written. */
  number: string | null;
  /** YYYY-MM-DD */
  entryDate: string;
  dueDate: string | null;
  vendorContactId: number | null;
  /** The vendor's name in the product (its company, else its name). */
  vendorName: string | null;
  memo: string;
  lines: readonly { costCodeId: number | null; description: string; amountCents: number }[];
}

/** An approved client invoice. */
export interface SourceInvoice {
  projectId: number;
  number: string;
  invoiceDate: string;
  dueDate: string | null;
  memo: string;
  lines: readonly { costCodeId: number | null; description: string; amountCents: number }[];
}

export interface SourceJob {
  projectId: number;
  name: string;
  client: string;
  siteAddress: string | null;
}

export interface CostCodeNames {
  code: string;
  name: string;
  account: string | null;
  accountCode: string | null;
  item: string | null;
}

export interface AccountingNames {
  apAccount: string;
  arAccount: string;
  incomeAccount: string;
  xeroTaxType: string;
  xeroTrackingName: string;
  costCodes: ReadonlyMap<number, CostCodeNames>;
  /** Mapped `Customer:Job` names by project id. */
  jobs: ReadonlyMap<number, string>;
  /** Mapped vendor names by contact id. */
  vendors: ReadonlyMap<number, string>;
}

/** A bill ready to write: every name resolved. */
export interface ExportBill {
  number: string;
  date: string;
  dueDate: string;
  vendor: string;
  job: string;
  memo: string;
  lines: { description: string; account: string; amountCents: number }[];
}

export interface ExportInvoice {
  number: string;
  date: string;
  dueDate: string;
  customerJob: string;
  memo: string;
  lines: { description: string; item: string | null; amountCents: number }[];
}

export interface ExportCustomer {
  /** The full `Customer:Job` name. */
  customerJob: string;
  client: string;
  jobName: string;
  siteAddress: string | null;
}

export interface ExportCheck {
  written: number;
  leftOut: { kind: 'bill' | 'invoice'; projectId: number; number: string; reason: string }[];
  unmapped: {
    costCodes: { costCodeId: number | null; code: string; name: string }[];
    vendors: { contactId: number | null; usedName: string }[];
    jobs: { projectId: number; usedName: string }[];
  };
}

export interface PreparedExport {
  bills: ExportBill[];
  invoices: ExportInvoice[];
  customers: ExportCustomer[];
  check: ExportCheck;
}

/** A name fit for every format: no tabs or line breaks, no `:` inside a part, trimmed. */
const clean = (text: string) => text.replace(/[\t\r\n]+/g, ' ').trim();

/** The job's default `Customer:Job`: its client, then its name (a `:` inside either becomes `-`). */
export function defaultCustomerJob(job: Pick<SourceJob, 'client' | 'name'>): string {
  const part = (text: string) => clean(text).replace(/:/g, '-');
  const client = part(job.client);
  return client ? `${client}:${part(job.name)}` : part(job.name);
}

/** The account a format needs for a cost code: an account's name (QuickBooks) or its code (Xero). */
const accountFor = (format: ExportFormat, names: CostCodeNames | undefined): string | null =>
  (format === 'xero-bills' ? names?.accountCode : names?.account)?.trim() || null;

/**
 * Resolves what `format` writes. Bills are for the bill formats (`iif`, `qbo-bills`, `xero-bills`);
 * invoices for `iif`; customers for `iif-customers` and `qbo-customers` (every job given).
 */
export function prepareExport(
  format: ExportFormat,
  source: { bills: readonly SourceBill[]; invoices: readonly SourceInvoice[]; jobs: readonly SourceJob[] },
  names: AccountingNames,
): PreparedExport {
  const jobsById = new Map(source.jobs.map((j) => [j.projectId, j]));
  const check: ExportCheck = { written: 0, leftOut: [], unmapped: { costCodes: [], vendors: [], jobs: [] } };
  const seenCodes = new Set<number | null>();
  const seenVendors = new Set<string>();
  const seenJobs = new Set<number>();

  const jobName = (projectId: number): string => {
    const mapped = names.jobs.get(projectId)?.trim();
    if (mapped) return clean(mapped);
    const job = jobsById.get(projectId);
    const used = job ? defaultCustomerJob(job) : `Project ${projectId}`;
    if (!seenJobs.has(projectId)) {
      seenJobs.add(projectId);
      check.unmapped.jobs.push({ projectId, usedName: used });
    }
    return used;
  };
  const vendorName = (bill: SourceBill): string => {
    const mapped =
      bill.vendorContactId === null ? undefined : names.vendors.get(bill.vendorContactId)?.trim();
    if (mapped) return clean(mapped);
    const used = clean(bill.vendorName ?? '') || 'Unknown vendor';
    const key = `${bill.vendorContactId}|${used}`;
    if (!seenVendors.has(key)) {
      seenVendors.add(key);
      check.unmapped.vendors.push({ contactId: bill.vendorContactId, usedName: used });
    }
    return used;
  };

  const bills: ExportBill[] = [];
  if (format === 'iif' || format === 'qbo-bills' || format === 'xero-bills') {
    for (const bill of source.bills) {
      const number = clean(bill.number ?? '') || `BILL-${bill.id}`;
      const missing = bill.lines.filter((l) => accountFor(format, codeNames(l.costCodeId)) === null);
      if (missing.length > 0 || bill.lines.length === 0) {
        for (const line of missing) {
          if (seenCodes.has(line.costCodeId)) continue;
          seenCodes.add(line.costCodeId);
          const code = codeNames(line.costCodeId);
          check.unmapped.costCodes.push({
            costCodeId: line.costCodeId,
            code: code?.code ?? '',
            name: code?.name ?? 'No cost code',
          });
        }
        check.leftOut.push({
          kind: 'bill',
          projectId: bill.projectId,
          number,
          reason:
            bill.lines.length === 0
              ? 'The bill has no lines'
              : `No ${format === 'xero-bills' ? 'account code' : 'account'} for ${missing
                  .map((l) => codeLabel(l.costCodeId))
                  .filter((v, i, all) => all.indexOf(v) === i)
                  .join(', ')}`,
        });
        continue;
      }
      bills.push({
        number,
        date: bill.entryDate,
        dueDate: bill.dueDate ?? bill.entryDate,
        vendor: vendorName(bill),
        job: jobName(bill.projectId),
        memo: clean(bill.memo),
        lines: bill.lines.map((l) => ({
          description: clean(l.description),
          account: clean(accountFor(format, codeNames(l.costCodeId)) ?? ''),
          amountCents: l.amountCents,
        })),
      });
    }
  }

  const invoices: ExportInvoice[] = [];
  if (format === 'iif') {
    for (const invoice of source.invoices) {
      invoices.push({
        number: clean(invoice.number),
        date: invoice.invoiceDate,
        dueDate: invoice.dueDate ?? invoice.invoiceDate,
        customerJob: jobName(invoice.projectId),
        memo: clean(invoice.memo),
        lines: invoice.lines.map((l) => ({
          description: clean(l.description),
          item: clean(codeNames(l.costCodeId)?.item ?? '') || null,
          amountCents: l.amountCents,
        })),
      });
    }
  }

  const customers: ExportCustomer[] = [];
  if (format === 'iif-customers' || format === 'qbo-customers') {
    for (const job of source.jobs) {
      customers.push({
        customerJob: jobName(job.projectId),
        client: clean(job.client),
        jobName: clean(job.name),
        siteAddress: job.siteAddress ? clean(job.siteAddress) : null,
      });
    }
  }

  check.written = bills.length + invoices.length + customers.length;
  return { bills, invoices, customers, check };

  function codeNames(costCodeId: number | null): CostCodeNames | undefined {
    return costCodeId === null ? undefined : names.costCodes.get(costCodeId);
  }
  function codeLabel(costCodeId: number | null): string {
    const code = codeNames(costCodeId);
    return code ? `${code.code} ${code.name}` : 'a line without a cost code';
  }
}

/** Keeps the rows dated within `[from, to]` (days YYYY-MM-DD, either end open). */
export function inPeriod<T>(rows: readonly T[], dateOf: (row: T) => string, from?: string, to?: string): T[] {
  return rows.filter((r) => (!from || dateOf(r) >= from) && (!to || dateOf(r) <= to));
}

export type { DateOrder };
