import { z } from 'zod';
import { calendarDay, errorDto, idNumber, idText, MAX_MONEY_CENTS } from './common.js';

/**
 * What a project costs: commitments (purchase orders and subcontracts) and cost entries (bills,
 * expenses, labour), each with lines on the company's cost codes. Money travels as whole cents.
 */
export const costsPaths = {
  projectCommitments: '/api/projects/:id/commitments',
  commitment: '/api/commitments/:commitmentId',
  issueCommitment: '/api/commitments/:commitmentId/issue',
  closeCommitment: '/api/commitments/:commitmentId/close',
  projectCostEntries: '/api/projects/:id/cost-entries',
  costEntry: '/api/cost-entries/:entryId',
  checkCostEntry: '/api/cost-entries/check',
} as const;

export const projectCommitmentsPath = (projectId: number) => `/api/projects/${projectId}/commitments`;
export const commitmentPath = (id: number) => `/api/commitments/${id}`;
export const issueCommitmentPath = (id: number) => `/api/commitments/${id}/issue`;
export const closeCommitmentPath = (id: number) => `/api/commitments/${id}/close`;
export const projectCostEntriesPath = (projectId: number) => `/api/projects/${projectId}/cost-entries`;
export const costEntryPath = (id: number) => `/api/cost-entries/${id}`;

export const COMMITMENT_KINDS = ['purchase_order', 'subcontract'] as const;
export type CommitmentKind = (typeof COMMITMENT_KINDS)[number];
export const COMMITMENT_KIND_LABELS: Record<CommitmentKind, string> = {
  purchase_order: 'Purchase order',
  subcontract: 'Subcontract',
};
export const COMMITMENT_STATUSES = ['draft', 'issued', 'closed'] as const;
export type CommitmentStatus = (typeof COMMITMENT_STATUSES)[number];

export const COST_ENTRY_KINDS = ['bill', 'expense', 'labor'] as const;
export type CostEntryKind = (typeof COST_ENTRY_KINDS)[number];
export const COST_ENTRY_KIND_LABELS: Record<CostEntryKind, string> = {
  bill: 'Bill',
  expense: 'Expense',
  labor: 'Labour',
};

/** What may stop a cost entry before it is saved, until the user says to save it anyway. */
export const COST_FLAG_CODES = ['over_commitment', 'duplicate'] as const;
export type CostFlagCode = (typeof COST_FLAG_CODES)[number];

export const MAX_LINES = 200;
export const MAX_DESCRIPTION = 500;
export const MAX_TITLE = 200;
export const MAX_BILL_NUMBER = 60;
export const MAX_MEMO = 2000;
/** Labour: at most this many hours on a line, and this rate per hour (in cents). */
export const MAX_HOURS = 10_000;
export const MAX_RATE_CENTS = 10_000_000;

export const commitmentParams = z.object({ commitmentId: idText() });
export const costEntryParams = z.object({ entryId: idText() });

/** Whole cents, not negative, at most what a money column holds. */
export const centsAmount = (label: string) =>
  z
    .number({ message: `${label} must be a whole number of cents` })
    .int({ message: `${label} must be a whole number of cents` })
    .min(0, { message: `${label} cannot be negative` })
    .max(MAX_MONEY_CENTS, { message: `${label} is too large` });

/** An amount as typed in a form (`1,234.50`, `$12`): its whole cents, or undefined when it is not one. */
export function centsFromText(text: string): number | undefined {
  const cleaned = text.replace(/[\s,$€£]/g, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const [whole = '0', fraction = ''] = cleaned.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cleaned.startsWith('-') ? -cents : cents;
}

/** A form's amount field: text that reads as whole cents (not negative). */
export const moneyText = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .refine((v) => centsFromText(v) !== undefined, { message: `${label} must be an amount like 1250.00` })
    .refine((v) => (centsFromText(v) ?? 0) >= 0, { message: `${label} cannot be negative` })
    .refine((v) => (centsFromText(v) ?? 0) <= MAX_MONEY_CENTS, { message: `${label} is too large` });

const description = z
  .string({ message: 'Description is required' })
  .trim()
  .min(1, { message: 'Description is required' })
  .max(MAX_DESCRIPTION, { message: `Description must be at most ${MAX_DESCRIPTION} characters` });
const title = z
  .string({ message: 'Title is required' })
  .trim()
  .min(1, { message: 'Title is required' })
  .max(MAX_TITLE, { message: `Title must be at most ${MAX_TITLE} characters` });
const costCodeId = idNumber('Choose a cost code');
const taskId = idNumber('Invalid task').nullish();

export const commitmentLineInput = z.object({
  costCodeId,
  taskId,
  description,
  amountCents: centsAmount('Amount'),
});
export type CommitmentLineInput = z.infer<typeof commitmentLineInput>;

const commitmentLines = z
  .array(commitmentLineInput, { message: 'Give the lines' })
  .min(1, { message: 'Give at least one line' })
  .max(MAX_LINES, { message: `At most ${MAX_LINES} lines` })
  .refine((lines) => lines.reduce((s, l) => s + l.amountCents, 0) <= MAX_MONEY_CENTS, {
    message: 'The lines add up to more than an amount can hold',
  });

/** `POST /api/projects/{id}/commitments`: a draft, numbered PO-001 / SC-001 for the project. */
export const createCommitmentBody = z.object({
  kind: z.enum(COMMITMENT_KINDS, { message: 'Choose a purchase order or a subcontract' }),
  vendorContactId: idNumber('Choose a vendor'),
  title,
  lines: commitmentLines,
});
export type CreateCommitmentBody = z.infer<typeof createCommitmentBody>;

/** `PATCH /api/commitments/{commitmentId}`: a draft's title, vendor or lines (lines replaced whole). */
export const updateCommitmentBody = z
  .object({
    title: title.optional(),
    vendorContactId: idNumber('Choose a vendor').optional(),
    lines: commitmentLines.optional(),
  })
  .refine((b) => b.title !== undefined || b.vendorContactId !== undefined || b.lines !== undefined, {
    message: 'Give a title, a vendor or lines to change',
  });
export type UpdateCommitmentBody = z.infer<typeof updateCommitmentBody>;

const codedLine = {
  id: z.number().int(),
  costCodeId: z.number().int().nullable(),
  /** The cost code's code and name, when the line has one. */
  costCode: z.string().nullable(),
  costCodeName: z.string().nullable(),
  taskId: z.number().int().nullable(),
  taskName: z.string().nullable(),
  description: z.string(),
  amountCents: z.number().int(),
};

export const commitmentLineDto = z.object(codedLine);
export type CommitmentLineDto = z.infer<typeof commitmentLineDto>;

export const commitmentDto = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  kind: z.enum(COMMITMENT_KINDS),
  number: z.string(),
  title: z.string(),
  status: z.enum(COMMITMENT_STATUSES),
  vendorContactId: z.number().int().nullable(),
  vendorName: z.string().nullable(),
  totalCents: z.number().int(),
  /** What bills and expenses against it come to so far. */
  billedCents: z.number().int(),
  /** `total − billed`: below zero when billed past its amount. */
  remainingCents: z.number().int(),
  issuedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(commitmentLineDto),
});
export type CommitmentDto = z.infer<typeof commitmentDto>;

export const commitmentListDto = z.object({
  currency: z.string(),
  commitments: z.array(commitmentDto),
});
export type CommitmentListDto = z.infer<typeof commitmentListDto>;

export const costEntryLineInput = z.object({
  costCodeId,
  taskId,
  description,
  /** Required for bills and expenses; for labour it is worked out as round(hours × rate). */
  amountCents: centsAmount('Amount').optional(),
  hours: z
    .number({ message: 'Hours must be a number' })
    .positive({ message: 'Hours must be more than zero' })
    .max(MAX_HOURS, { message: `Hours must be at most ${MAX_HOURS}` })
    .refine((h) => Math.abs(h * 100 - Math.round(h * 100)) < 1e-6, {
      message: 'Hours may have at most two decimals',
    })
    .optional(),
  rateCents: z
    .number({ message: 'Rate must be a whole number of cents' })
    .int({ message: 'Rate must be a whole number of cents' })
    .min(0, { message: 'Rate cannot be negative' })
    .max(MAX_RATE_CENTS, { message: 'Rate is too large' })
    .optional(),
});
export type CostEntryLineInput = z.infer<typeof costEntryLineInput>;

const costEntryFields = {
  vendorContactId: idNumber('Choose a vendor').nullish(),
  /** The vendor's bill number. */
  number: z
    .string()
    .trim()
    .max(MAX_BILL_NUMBER, { message: `Bill number must be at most ${MAX_BILL_NUMBER} characters` })
    .nullish()
    .transform((v) => (v ? v : null)),
  entryDate: calendarDay('Date'),
  dueDate: calendarDay('Due date').nullish(),
  /** An issued commitment of the same project and vendor the bill or expense is against. */
  commitmentId: idNumber('Invalid commitment').nullish(),
  /** The bill's photo or PDF, uploaded to the project's documents first. */
  documentId: idNumber('Invalid document').nullish(),
  memo: z
    .string()
    .trim()
    .max(MAX_MEMO, { message: `Memo must be at most ${MAX_MEMO} characters` })
    .optional()
    .default(''),
  lines: z
    .array(costEntryLineInput, { message: 'Give the lines' })
    .min(1, { message: 'Give at least one line' })
    .max(MAX_LINES, { message: `At most ${MAX_LINES} lines` }),
  /** The flags the user has seen and saves anyway. */
  acknowledgeFlags: z.array(z.enum(COST_FLAG_CODES)).max(2).optional().default([]),
};

type EntryShape = {
  kind: CostEntryKind;
  vendorContactId?: number | null;
  entryDate: string;
  dueDate?: string | null;
  commitmentId?: number | null;
  lines: CostEntryLineInput[];
};

/** Round(hours × rate) in whole cents, exactly: the hours are counted in hundredths first. */
export function laborAmountCents(hours: number, rateCents: number): number {
  const hundredths = Math.round(hours * 100);
  return Math.floor((hundredths * rateCents + 50) / 100);
}

/** The rules across fields: labour lines by hours × rate, others by amount, a bill's vendor. */
function checkEntry(entry: EntryShape, ctx: z.RefinementCtx) {
  const labor = entry.kind === 'labor';
  let total = 0;
  entry.lines.forEach((line, i) => {
    if (labor) {
      if (line.hours === undefined)
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'hours'], message: 'Give the hours worked' });
      if (line.rateCents === undefined)
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'rateCents'], message: 'Give the hourly rate' });
      if (line.hours !== undefined && line.rateCents !== undefined)
        total += laborAmountCents(line.hours, line.rateCents);
    } else {
      if (line.amountCents === undefined)
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'amountCents'], message: 'Amount is required' });
      if (line.hours !== undefined || line.rateCents !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'hours'],
          message: 'Only labour lines have hours and a rate',
        });
      total += line.amountCents ?? 0;
    }
  });
  if (total > MAX_MONEY_CENTS)
    ctx.addIssue({
      code: 'custom',
      path: ['lines'],
      message: 'The lines add up to more than an amount can hold',
    });
  if (entry.kind === 'bill' && !entry.vendorContactId)
    ctx.addIssue({ code: 'custom', path: ['vendorContactId'], message: 'A bill needs its vendor' });
  if (entry.commitmentId && labor)
    ctx.addIssue({
      code: 'custom',
      path: ['commitmentId'],
      message: 'Labour is not billed against a commitment',
    });
  if (entry.commitmentId && !entry.vendorContactId)
    ctx.addIssue({
      code: 'custom',
      path: ['vendorContactId'],
      message: 'Give the vendor of the commitment',
    });
  if (entry.dueDate && entry.dueDate < entry.entryDate)
    ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'Due date cannot be before the date' });
}

const kind = z.enum(COST_ENTRY_KINDS, { message: 'Choose a bill, an expense or labour' });

/** `POST /api/projects/{id}/cost-entries` */
export const createCostEntryBody = z.object({ kind, ...costEntryFields }).superRefine(checkEntry);
export type CreateCostEntryBody = z.input<typeof createCostEntryBody>;

/** `PATCH /api/cost-entries/{entryId}`: the whole entry again (its kind stays), lines replaced whole. */
export const updateCostEntryBody = z.object({ ...costEntryFields, kind }).superRefine(checkEntry);
export type UpdateCostEntryBody = z.input<typeof updateCostEntryBody>;

/** `POST /api/cost-entries/check`: the flags an entry would get, nothing saved. */
export const checkCostEntryBody = z
  .object({
    projectId: idNumber('Invalid project'),
    /** The entry being edited, which is not its own duplicate. */
    entryId: idNumber('Invalid entry').optional(),
    kind,
    ...costEntryFields,
  })
  .superRefine(checkEntry);
export type CheckCostEntryBody = z.input<typeof checkCostEntryBody>;

export const overCommitmentFlagDto = z.object({
  code: z.literal('over_commitment'),
  message: z.string(),
  commitmentId: z.number().int(),
  commitmentNumber: z.string(),
  /** The commitment's amount, what was billed against it before, this entry, and the excess. */
  commitmentCents: z.number().int(),
  billedCents: z.number().int(),
  entryCents: z.number().int(),
  overByCents: z.number().int(),
});

export const duplicateFlagDto = z.object({
  code: z.literal('duplicate'),
  message: z.string(),
  /** The entry already there: same vendor, same number, same total. */
  entryId: z.number().int(),
  projectId: z.number().int(),
  number: z.string(),
  entryDate: z.string(),
  totalCents: z.number().int(),
});

export const costFlagDto = z.discriminatedUnion('code', [overCommitmentFlagDto, duplicateFlagDto]);
export type CostFlagDto = z.infer<typeof costFlagDto>;

export const costFlagsDto = z.object({ flags: z.array(costFlagDto) });
export type CostFlagsDto = z.infer<typeof costFlagsDto>;

/** The 409 `cost_entry_flagged`: the flags not acknowledged, with their figures; nothing was saved. */
export const costEntryFlaggedError = errorDto.extend({ flags: z.array(costFlagDto).optional() });
export type CostEntryFlaggedError = z.infer<typeof costEntryFlaggedError>;

export const costEntryLineDto = z.object({
  ...codedLine,
  hours: z.number().nullable(),
  rateCents: z.number().int().nullable(),
});
export type CostEntryLineDto = z.infer<typeof costEntryLineDto>;

export const costEntryDto = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  kind: z.enum(COST_ENTRY_KINDS),
  vendorContactId: z.number().int().nullable(),
  vendorName: z.string().nullable(),
  number: z.string().nullable(),
  entryDate: z.string(),
  dueDate: z.string().nullable(),
  commitmentId: z.number().int().nullable(),
  commitmentNumber: z.string().nullable(),
  /** The attached bill (a document of the project): its name and where to download it. */
  document: z.object({ id: z.number().int(), name: z.string(), downloadUrl: z.string() }).nullable(),
  memo: z.string(),
  acknowledgedFlags: z.array(z.enum(COST_FLAG_CODES)),
  totalCents: z.number().int(),
  createdAt: z.string(),
  lines: z.array(costEntryLineDto),
});
export type CostEntryDto = z.infer<typeof costEntryDto>;

export const costEntryListDto = z.object({
  currency: z.string(),
  entries: z.array(costEntryDto),
});
export type CostEntryListDto = z.infer<typeof costEntryListDto>;
