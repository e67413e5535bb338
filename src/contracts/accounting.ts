import { z } from 'zod';
import { calendarDay, idNumber, idText, MAX_MONEY_CENTS } from './common.js';

/**
 * The contractor's invoices to the client (what a job has billed) and the files an accountant
 * imports: QuickBooks Desktop IIF, QuickBooks Online CSV and Xero CSV, named through the company's
 * accounting mappings. Money travels as whole cents.
 */
export const accountingPaths = {
  projectInvoices: '/api/projects/:id/invoices',
  invoice: '/api/invoices/:invoiceId',
  approveInvoice: '/api/invoices/:invoiceId/approve',
  mappings: '/api/accounting/mappings',
  exportFile: '/api/accounting/export',
  exportCheck: '/api/accounting/export/check',
} as const;

export const projectInvoicesPath = (projectId: number) => `/api/projects/${projectId}/invoices`;
export const invoicePath = (invoiceId: number) => `/api/invoices/${invoiceId}`;
export const approveInvoicePath = (invoiceId: number) => `/api/invoices/${invoiceId}/approve`;

export const INVOICE_STATUS_VALUES = ['draft', 'approved'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUS_VALUES)[number];

export const MAX_INVOICE_LINES = 200;
export const MAX_LINE_DESCRIPTION = 500;
export const MAX_MEMO = 2000;
export const MAX_MAPPED_NAME = 159;

export const invoiceParams = z.object({ invoiceId: idText('Invalid invoice id') });

export const invoiceLineDto = z.object({
  id: z.number().int(),
  description: z.string(),
  costCodeId: z.number().int().nullable(),
  amountCents: z.number().int(),
});
export type InvoiceLineDto = z.infer<typeof invoiceLineDto>;

export const invoiceDto = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  number: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string().nullable(),
  status: z.enum(INVOICE_STATUS_VALUES),
  memo: z.string(),
  lines: z.array(invoiceLineDto),
  totalCents: z.number().int(),
  approvedAt: z.string().nullable(),
  approvedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoiceDto = z.infer<typeof invoiceDto>;

export const invoiceListDto = z.object({
  projectId: z.number().int(),
  currency: z.string(),
  /** What the client agreed (the project's contract amount), in cents. */
  contractCents: z.number().int(),
  /** The sum of the approved invoices. */
  billedCents: z.number().int(),
  invoices: z.array(invoiceDto),
});
export type InvoiceListDto = z.infer<typeof invoiceListDto>;

const lineBody = z.object({
  description: z
    .string({ message: 'Description is required' })
    .trim()
    .min(1, { message: 'Description is required' })
    .max(MAX_LINE_DESCRIPTION, { message: `Description must be at most ${MAX_LINE_DESCRIPTION} characters` }),
  costCodeId: idNumber('Invalid cost code').nullable().optional(),
  amountCents: z
    .number({ message: 'Amount must be a whole number of cents' })
    .int({ message: 'Amount must be a whole number of cents' })
    .min(0, { message: 'Amount cannot be negative' })
    .max(MAX_MONEY_CENTS, { message: 'Amount is too large' }),
});

const linesBody = z
  .array(lineBody, { message: 'Give the invoice its lines' })
  .min(1, { message: 'An invoice needs at least one line' })
  .max(MAX_INVOICE_LINES, { message: `An invoice may have at most ${MAX_INVOICE_LINES} lines` })
  .refine((lines) => lines.reduce((s, l) => s + l.amountCents, 0) > 0, {
    message: 'An invoice must bill more than nothing',
  })
  .refine((lines) => lines.reduce((s, l) => s + l.amountCents, 0) <= MAX_MONEY_CENTS, {
    message: 'The invoice total is too large',
  });

const memoText = z
  .string()
  .trim()
  .max(MAX_MEMO, { message: `Memo must be at most ${MAX_MEMO} characters` });

const dueAfterInvoice = (b: { invoiceDate?: string; dueDate?: string | null }) =>
  !b.invoiceDate || !b.dueDate || b.dueDate >= b.invoiceDate;
const dueMessage = { message: 'Due date cannot be before the invoice date', path: ['dueDate'] };

/** `POST /api/projects/{id}/invoices`: a draft invoice, numbered INV-001… for the project. */
export const createInvoiceBody = z
  .object({
    invoiceDate: calendarDay('Invoice date'),
    dueDate: calendarDay('Due date').nullable().optional(),
    memo: memoText.optional(),
    lines: linesBody,
  })
  .refine(dueAfterInvoice, dueMessage);
export type CreateInvoiceBody = z.infer<typeof createInvoiceBody>;

/** `PATCH /api/invoices/{invoiceId}`: a draft's dates, memo or (all of) its lines. */
export const updateInvoiceBody = z
  .object({
    invoiceDate: calendarDay('Invoice date').optional(),
    dueDate: calendarDay('Due date').nullable().optional(),
    memo: memoText.optional(),
    lines: linesBody.optional(),
  })
  .refine(
    (b) =>
      b.invoiceDate !== undefined || b.dueDate !== undefined || b.memo !== undefined || b.lines !== undefined,
    { message: 'Give something to change' },
  )
  .refine(dueAfterInvoice, dueMessage);
export type UpdateInvoiceBody = z.infer<typeof updateInvoiceBody>;

// ---------------------------------------------------------------- mappings

const mappedName = (label: string) =>
  z
    .string()
    .trim()
    .max(MAX_MAPPED_NAME, { message: `${label} must be at most ${MAX_MAPPED_NAME} characters` })
    .refine((v) => !/[\t\r\n]/.test(v), { message: `${label} cannot hold tabs or line breaks` })
    .nullable();

export const accountingSettingsDto = z.object({
  apAccount: z.string(),
  arAccount: z.string(),
  incomeAccount: z.string(),
  xeroTaxType: z.string(),
  xeroTrackingName: z.string(),
});
export type AccountingSettingsDto = z.infer<typeof accountingSettingsDto>;

export const costCodeMappingDto = z.object({
  costCodeId: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** The expense account's name (QuickBooks), the account's code (Xero), the item (QuickBooks). */
  account: z.string().nullable(),
  accountCode: z.string().nullable(),
  item: z.string().nullable(),
});
export const jobMappingDto = z.object({
  projectId: z.number().int(),
  name: z.string(),
  client: z.string(),
  /** The `Customer:Job` it is mapped to, or null: then `defaultName` is used. */
  customerJob: z.string().nullable(),
  defaultName: z.string(),
});
export const vendorMappingDto = z.object({
  contactId: z.number().int(),
  name: z.string(),
  company: z.string().nullable(),
  vendorName: z.string().nullable(),
  defaultName: z.string(),
});

export const accountingMappingsDto = z.object({
  settings: accountingSettingsDto,
  costCodes: z.array(costCodeMappingDto),
  jobs: z.array(jobMappingDto),
  vendors: z.array(vendorMappingDto),
});
export type AccountingMappingsDto = z.infer<typeof accountingMappingsDto>;

const requiredName = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(MAX_MAPPED_NAME, { message: `${label} must be at most ${MAX_MAPPED_NAME} characters` })
    .refine((v) => !/[\t\r\n]/.test(v), { message: `${label} cannot hold tabs or line breaks` });

/**
 * `PUT /api/accounting/mappings`: the rows given are written (an empty or null name clears it);
 * rows not given stay as they are.
 */
export const putAccountingMappingsBody = z.object({
  settings: z
    .object({
      apAccount: requiredName('A/P account'),
      arAccount: requiredName('A/R account'),
      incomeAccount: requiredName('Income account'),
      xeroTaxType: requiredName('Xero tax type'),
      xeroTrackingName: requiredName('Xero tracking category'),
    })
    .partial()
    .optional(),
  costCodes: z
    .array(
      z.object({
        costCodeId: idNumber('Invalid cost code'),
        account: mappedName('Account'),
        accountCode: mappedName('Account code'),
        item: mappedName('Item'),
      }),
    )
    .max(1000)
    .optional(),
  jobs: z
    .array(z.object({ projectId: idNumber('Invalid project'), customerJob: mappedName('Customer:Job') }))
    .max(5000)
    .optional(),
  vendors: z
    .array(z.object({ contactId: idNumber('Invalid vendor'), vendorName: mappedName('Vendor name') }))
    .max(5000)
    .optional(),
});
export type PutAccountingMappingsBody = z.infer<typeof putAccountingMappingsBody>;

// ---------------------------------------------------------------- exports

export const EXPORT_FORMAT_VALUES = [
  'iif',
  'iif-customers',
  'qbo-bills',
  'qbo-customers',
  'xero-bills',
] as const;
export type ExportFormat = (typeof EXPORT_FORMAT_VALUES)[number];

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  iif: 'QuickBooks Desktop (IIF): bills and invoices',
  'iif-customers': 'QuickBooks Desktop (IIF): customers and jobs',
  'qbo-bills': 'QuickBooks Online CSV: bills',
  'qbo-customers': 'QuickBooks Online CSV: customers',
  'xero-bills': 'Xero CSV: bills',
};

export const exportQuery = z
  .object({
    format: z.enum(EXPORT_FORMAT_VALUES, {
      message: `Format must be one of ${EXPORT_FORMAT_VALUES.join(', ')}`,
    }),
    from: calendarDay('From').optional(),
    to: calendarDay('To').optional(),
    projectId: idText('Invalid project').optional(),
    /** Xero reads dates in the organisation's order: day first (dmy) or month first (mdy). */
    dateOrder: z.enum(['mdy', 'dmy'], { message: 'Date order must be mdy or dmy' }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'From cannot be after To',
    path: ['to'],
  });
export type ExportQuery = z.infer<typeof exportQuery>;

/** What an export could not name in the accounting program, and what it did about it. */
export const exportCheckDto = z.object({
  format: z.enum(EXPORT_FORMAT_VALUES),
  /** Transactions (bills, invoices) or list rows written to the file. */
  written: z.number().int(),
  /** Bills and invoices left out because a line's cost code has no account: listed below. */
  leftOut: z.array(
    z.object({
      kind: z.enum(['bill', 'invoice']),
      projectId: z.number().int(),
      number: z.string(),
      reason: z.string(),
    }),
  ),
  unmapped: z.object({
    costCodes: z.array(
      z.object({ costCodeId: z.number().int().nullable(), code: z.string(), name: z.string() }),
    ),
    /** Vendors written under their own name in the product (no vendor name mapped). */
    vendors: z.array(z.object({ contactId: z.number().int().nullable(), usedName: z.string() })),
    /** Jobs written under their default `Client:Project` name (no Customer:Job mapped). */
    jobs: z.array(z.object({ projectId: z.number().int(), usedName: z.string() })),
  }),
});
export type ExportCheckDto = z.infer<typeof exportCheckDto>;

/** The export's file (IIF or CSV text), an attachment; `GET …/export/check` lists what it could not map. */
export const exportFileResponse = z
  .string()
  .meta({ description: 'The accounting file (IIF or CSV text), an attachment' });
