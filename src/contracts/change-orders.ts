import { z } from 'zod';
import { idNumber, idText, MAX_MONEY_CENTS } from './common.js';

/**
 * Change orders: priced lines on cost codes with a markup, the tasks they change (added tasks, longer
 * durations, new links), a schedule impact the server computes with the project's CPM, sent to the
 * client for an electronic signature (or approved on paper by an owner or admin). Approval changes the
 * tasks, the schedule, the delay log, the budget's revised figures and the contract amount in one
 * transaction. Money travels as whole cents.
 *
 * Who may do what: members draft and edit drafts; sending for signature, approving on paper and
 * voiding are the owner's or an admin's acts (403 otherwise). Nobody approves a change order they
 * submitted (403 `own_change_order`).
 */
export const changeOrderPaths = {
  projectList: '/api/projects/:id/change-orders',
  one: '/api/change-orders/:coId',
  impact: '/api/change-orders/:coId/impact',
  pdf: '/api/change-orders/:coId/pdf',
  signedPdf: '/api/change-orders/:coId/signed-pdf',
  send: '/api/change-orders/:coId/send',
  void: '/api/change-orders/:coId/void',
  approveOnPaper: '/api/change-orders/:coId/approve-on-paper',
  /** Public (no staff session): the client's signing link. */
  sign: '/api/sign/:token',
  signCode: '/api/sign/:token/code',
  signVerify: '/api/sign/:token/verify',
  signPdf: '/api/sign/:token/pdf',
  signSign: '/api/sign/:token/sign',
  signDecline: '/api/sign/:token/decline',
} as const;

/** The web page the e-mailed link opens (the public signing page); the token is its last segment. */
export const SIGN_PAGE_PATH = '/sign/:token';
export const signPagePath = (token: string) => `/sign/${encodeURIComponent(token)}`;

export const projectChangeOrdersPath = (projectId: number) => `/api/projects/${projectId}/change-orders`;
export const changeOrderPath = (coId: number) => `/api/change-orders/${coId}`;
export const changeOrderImpactPath = (coId: number) => `/api/change-orders/${coId}/impact`;
export const changeOrderPdfPath = (coId: number) => `/api/change-orders/${coId}/pdf`;
export const changeOrderSignedPdfPath = (coId: number) => `/api/change-orders/${coId}/signed-pdf`;
export const changeOrderSendPath = (coId: number) => `/api/change-orders/${coId}/send`;
export const changeOrderVoidPath = (coId: number) => `/api/change-orders/${coId}/void`;
export const changeOrderApproveOnPaperPath = (coId: number) => `/api/change-orders/${coId}/approve-on-paper`;
const signBase = (token: string) => `/api/sign/${encodeURIComponent(token)}`;
export const signPaths = {
  status: (token: string) => signBase(token),
  code: (token: string) => `${signBase(token)}/code`,
  verify: (token: string) => `${signBase(token)}/verify`,
  pdf: (token: string) => `${signBase(token)}/pdf`,
  sign: (token: string) => `${signBase(token)}/sign`,
  decline: (token: string) => `${signBase(token)}/decline`,
} as const;

export const CHANGE_ORDER_REASONS = [
  'owner_request',
  'unforeseen_condition',
  'design_change',
  'other',
] as const;
export type ChangeOrderReason = (typeof CHANGE_ORDER_REASONS)[number];
export const CHANGE_ORDER_REASON_LABELS: Readonly<Record<ChangeOrderReason, string>> = {
  owner_request: 'Owner request',
  unforeseen_condition: 'Unforeseen condition',
  design_change: 'Design change',
  other: 'Other',
};

export const CHANGE_ORDER_STATUSES = ['draft', 'sent', 'approved', 'declined', 'void'] as const;
export type ChangeOrderStatus = (typeof CHANGE_ORDER_STATUSES)[number];

/** The audit trail's events, in the order they usually come. */
export const CHANGE_ORDER_EVENTS = [
  'created',
  'edited',
  'sent',
  'viewed',
  'code_sent',
  'code_verified',
  'code_failed',
  'signed',
  'approved',
  'declined',
  'voided',
] as const;
export type ChangeOrderEvent = (typeof CHANGE_ORDER_EVENTS)[number];

/** How an approved change order was approved. */
export const APPROVAL_METHODS = ['signature', 'paper'] as const;

export const MAX_CO_TITLE = 200;
export const MAX_CO_DESCRIPTION = 5000;
export const MAX_CO_LINES = 200;
export const MAX_CO_ADDED_TASKS = 50;
export const MAX_CO_DURATION_CHANGES = 200;
export const MAX_CO_NEW_LINKS = 200;
/** Markup in basis points: 1000 is 10 %. At most 100 %. */
export const MAX_MARKUP_BASIS_POINTS = 10_000;
/** How long an e-mailed signing link works. */
export const SIGN_LINK_DAYS = 14;
/** The e-mailed code: its digits, how long it works, how many wrong tries end it. */
export const SIGN_CODE_DIGITS = 6;
export const SIGN_CODE_MINUTES = 15;
export const SIGN_CODE_MAX_ATTEMPTS = 5;
/** How long a verified signing session lasts. */
export const SIGN_SESSION_MINUTES = 30;
/** The largest drawn signature accepted, as data URL text. */
export const MAX_SIGNATURE_DATA_URL = 500_000;

/** The words the signer agrees to before signing; the signature page repeats them. */
export const SIGN_CONSENT_TEXT =
  'I agree to sign this change order electronically. My electronic signature has the same effect as my ' +
  'handwritten signature, and I may ask for a paper copy.';

const cents = (label: string) =>
  z
    .number({ message: `${label} must be a number of cents` })
    .int({ message: `${label} must be a whole number of cents` })
    .min(-MAX_MONEY_CENTS, { message: `${label} is too large` })
    .max(MAX_MONEY_CENTS, { message: `${label} is too large` });

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` });

/** A task added by the change order is named in links by its key (unique in the change order). */
const newTaskKey = z
  .string({ message: 'New task key must be text' })
  .regex(/^[A-Za-z0-9_-]{1,40}$/, { message: 'New task key may hold letters, digits, - and _ (1 to 40)' });

/**
 * One predecessor link: to an existing task of the project (`taskId`) or to a task the change order
 * adds (`newTaskKey`), exactly one of them. `type` is one of the schedule's four link types (FS, SS,
 * FF, SF; the scheduling domain checks it); `lagDays` are working days (negative is a lead). The same
 * fields as a task's `dependencies` JSON.
 */
export const changeOrderLink = z
  .object({
    taskId: idNumber('Invalid task id').optional(),
    newTaskKey: newTaskKey.optional(),
    type: z.string({ message: 'Link type must be text' }).trim().toUpperCase().max(2).default('FS'),
    lagDays: z
      .number({ message: 'Lag must be a number of working days' })
      .int({ message: 'Lag must be a whole number of working days' })
      .min(-1000)
      .max(1000)
      .default(0),
  })
  .refine((l) => (l.taskId === undefined) !== (l.newTaskKey === undefined), {
    message: 'A link names an existing task (taskId) or an added task (newTaskKey), one of them',
    path: ['taskId'],
  });
export type ChangeOrderLink = z.infer<typeof changeOrderLink>;
export type ChangeOrderLinkInput = z.input<typeof changeOrderLink>;

const duration = z
  .number({ message: 'Duration must be a number of working days' })
  .int({ message: 'Duration must be a whole number of working days' })
  .min(0, { message: 'Duration cannot be negative' })
  .max(10_000, { message: 'Duration must be at most 10000 days' });

export const addedTask = z.object({
  key: newTaskKey,
  name: text('Task name', 300),
  /** Working days; 0 is a milestone. */
  duration,
  predecessors: z.array(changeOrderLink).max(50).default([]),
});
export type AddedTask = z.infer<typeof addedTask>;

export const durationChange = z.object({
  taskId: idNumber('Invalid task id'),
  /** Working days added to the task's duration. */
  extraDays: z
    .number({ message: 'Extra days must be a number of working days' })
    .int({ message: 'Extra days must be a whole number of working days' })
    .min(1, { message: 'Extra days must be at least 1' })
    .max(1000, { message: 'Extra days must be at most 1000' }),
});
export type DurationChange = z.infer<typeof durationChange>;

/** A new link making an existing task (`successorTaskId`) follow a predecessor. */
export const newLink = z.object({
  successorTaskId: idNumber('Invalid task id'),
  predecessor: changeOrderLink,
});
export type NewLink = z.infer<typeof newLink>;

/** What the change order does to the schedule. */
export const taskChanges = z.object({
  addedTasks: z.array(addedTask).max(MAX_CO_ADDED_TASKS).default([]),
  durationChanges: z.array(durationChange).max(MAX_CO_DURATION_CHANGES).default([]),
  newLinks: z.array(newLink).max(MAX_CO_NEW_LINKS).default([]),
});
export type TaskChanges = z.infer<typeof taskChanges>;
export type TaskChangesInput = z.input<typeof taskChanges>;

export const changeOrderLineBody = z.object({
  /** A cost code of the company, or null. */
  costCodeId: idNumber('Invalid cost code').nullable().default(null),
  /** A task of the project, or null. */
  taskId: idNumber('Invalid task id').nullable().default(null),
  description: text('Line description', 500),
  /** May be negative: a credit. */
  amountCents: cents('Amount'),
});
export type ChangeOrderLineBody = z.infer<typeof changeOrderLineBody>;

const markup = z
  .number({ message: 'Markup must be a number of basis points' })
  .int({ message: 'Markup must be a whole number of basis points (1000 is 10 %)' })
  .min(0, { message: 'Markup cannot be negative' })
  .max(MAX_MARKUP_BASIS_POINTS, { message: 'Markup must be at most 100 %' });

const changeOrderFields = {
  title: text('Title', MAX_CO_TITLE),
  reason: z.enum(CHANGE_ORDER_REASONS, {
    message: `Reason must be one of ${CHANGE_ORDER_REASONS.join(', ')}`,
  }),
  description: z
    .string()
    .trim()
    .max(MAX_CO_DESCRIPTION, { message: `Description must be at most ${MAX_CO_DESCRIPTION} characters` }),
  markupBasisPoints: markup,
  lines: z.array(changeOrderLineBody).max(MAX_CO_LINES, { message: `At most ${MAX_CO_LINES} lines` }),
  taskChanges,
};

/** `POST /api/projects/{id}/change-orders`: a draft; the number (CO-001…) is given by the server. */
export const createChangeOrderBody = z.object({
  title: changeOrderFields.title,
  reason: changeOrderFields.reason,
  description: changeOrderFields.description.default(''),
  markupBasisPoints: markup.default(0),
  lines: changeOrderFields.lines.default([]),
  taskChanges: taskChanges.default({ addedTasks: [], durationChanges: [], newLinks: [] }),
});
export type CreateChangeOrderBody = z.infer<typeof createChangeOrderBody>;
export type CreateChangeOrderInput = z.input<typeof createChangeOrderBody>;

/** `PATCH /api/change-orders/{coId}`: a draft only (409 `change_order_not_draft` otherwise). Lines and task changes are replaced whole. */
export const updateChangeOrderBody = z
  .object(changeOrderFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
export type UpdateChangeOrderBody = z.infer<typeof updateChangeOrderBody>;
export type UpdateChangeOrderInput = z.input<typeof updateChangeOrderBody>;

/** `POST /api/change-orders/{coId}/impact`: the impact of these task changes, or of the stored ones when left out. */
export const impactBody = z.object({ taskChanges: taskChanges.optional() }).nullish();
export type ImpactBody = z.infer<typeof impactBody>;

/** `POST /api/change-orders/{coId}/send`: to a client contact of the company, or to an address. */
export const sendChangeOrderBody = z
  .object({
    contactId: idNumber('Invalid contact').optional(),
    email: z.email({ message: 'Give a valid e-mail address' }).max(254).optional(),
    /** A note to the client, put in the e-mail. */
    message: z.string().trim().max(2000).optional(),
  })
  .refine((b) => (b.contactId === undefined) !== (b.email === undefined), {
    message: 'Give the client contact or an e-mail address, one of them',
    path: ['email'],
  });
export type SendChangeOrderBody = z.infer<typeof sendChangeOrderBody>;

export const voidChangeOrderBody = z.object({ reason: text('Reason', 1000) });
export type VoidChangeOrderBody = z.infer<typeof voidChangeOrderBody>;

/** `POST /api/change-orders/{coId}/approve-on-paper` (owner or admin): the signed scan, a project document. */
export const approveOnPaperBody = z.object({
  documentId: idNumber('Choose the scan of the signed change order'),
  reason: text('Reason', 1000),
});
export type ApproveOnPaperBody = z.infer<typeof approveOnPaperBody>;

export const changeOrderParams = z.object({ coId: idText('Invalid change order id') });
export const signParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'Invalid signing link' }),
});

export const scheduleMoveDto = z.object({
  /** An existing task's id, or null for a task the change order adds (then `newTaskKey`). */
  taskId: z.number().int().nullable(),
  newTaskKey: z.string().nullable(),
  name: z.string(),
  /** `YYYY-MM-DD`; null for an added task before the change. */
  oldStart: z.string().nullable(),
  oldEnd: z.string().nullable(),
  newStart: z.string(),
  newEnd: z.string(),
  /** On the critical path after the change. */
  critical: z.boolean(),
});
export type ScheduleMoveDto = z.infer<typeof scheduleMoveDto>;

/** The change applied in memory to the project's CPM (with its calendar). */
export const scheduleImpactDto = z
  .object({
    /** `YYYY-MM-DD`: the project finish now and with the change; null for a project without tasks. */
    currentFinish: z.string().nullable(),
    newFinish: z.string().nullable(),
    /** Working days on the project's calendar the finish moves: positive = later (days lost). */
    workingDaysDelta: z.number().int(),
    /** Critical tasks (after the change) whose dates move, and the added tasks. */
    movedCriticalTasks: z.array(scheduleMoveDto),
  })
  .meta({ id: 'ChangeOrderImpact' });
export type ScheduleImpactDto = z.infer<typeof scheduleImpactDto>;

export const changeOrderLineDto = z.object({
  id: z.number().int(),
  costCodeId: z.number().int().nullable(),
  /** The cost code's code and name, or null. */
  costCode: z.string().nullable(),
  costCodeName: z.string().nullable(),
  taskId: z.number().int().nullable(),
  taskName: z.string().nullable(),
  description: z.string(),
  amountCents: z.number().int(),
});
export type ChangeOrderLineDto = z.infer<typeof changeOrderLineDto>;

export const changeOrderEventDto = z.object({
  id: z.number().int(),
  event: z.enum(CHANGE_ORDER_EVENTS),
  /** A staff member's name, or null (then the signer acted, or the user is gone). */
  userName: z.string().nullable(),
  /** The signer's e-mail address for events of the signer. */
  signer: z.string().nullable(),
  /** ISO 8601, UTC. */
  at: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type ChangeOrderEventDto = z.infer<typeof changeOrderEventDto>;

export const changeOrderSummaryDto = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  number: z.string(),
  title: z.string(),
  reason: z.enum(CHANGE_ORDER_REASONS),
  status: z.enum(CHANGE_ORDER_STATUSES),
  /** Lines + markup: what the contract amount changes by on approval. */
  totalCents: z.number().int(),
  submittedBy: z.string().nullable(),
  submittedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Working days the change moves the project finish (positive = later), as last computed; null when
   * it could not be. The list shows it; absent until the server gives it.
   */
  workingDaysDelta: z.number().int().nullable().optional(),
});
export type ChangeOrderSummaryDto = z.infer<typeof changeOrderSummaryDto>;

export const changeOrderDto = changeOrderSummaryDto
  .extend({
    description: z.string(),
    markupBasisPoints: z.number().int(),
    lines: z.array(changeOrderLineDto),
    subtotalCents: z.number().int(),
    markupCents: z.number().int(),
    /** The project's currency (ISO 4217). */
    currency: z.string(),
    taskChanges,
    /** The schedule impact computed now (for a draft or sent one), or as approved. Null when it cannot be computed. */
    impact: scheduleImpactDto.nullable(),
    declinedReason: z.string().nullable(),
    voidReason: z.string().nullable(),
    sentTo: z.string().nullable(),
    sentAt: z.string().nullable(),
    approvedAt: z.string().nullable(),
    approvedByName: z.string().nullable(),
    approvalMethod: z.enum(APPROVAL_METHODS).nullable(),
    /** SHA-256 (hex) of the PDF sent to and shown to the client. */
    pdfSha256: z.string().nullable(),
    /** The signed PDF kept in Documents, and its SHA-256 (hex). */
    signedDocumentId: z.number().int().nullable(),
    signedPdfSha256: z.string().nullable(),
    /** The paper approval's scan (a document), when approved on paper. */
    paperDocumentId: z.number().int().nullable(),
    events: z.array(changeOrderEventDto),
  })
  .meta({ id: 'ChangeOrder' });
export type ChangeOrderDto = z.infer<typeof changeOrderDto>;

export const changeOrderListDto = z.object({
  projectId: z.number().int(),
  currency: z.string(),
  changeOrders: z.array(changeOrderSummaryDto),
  /** Sum of the approved change orders' totals. */
  approvedTotalCents: z.number().int(),
});
export type ChangeOrderListDto = z.infer<typeof changeOrderListDto>;

/** The file itself (application/pdf), as an attachment. */
export const changeOrderPdfResponse = {
  description: 'The change order as a PDF',
  content: { 'application/pdf': { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } },
};

// ---- The public signing link ----

export const SIGNING_STATES = ['pending', 'signed', 'declined'] as const;

/** `GET /api/sign/{token}`: what the signing page shows (marks the link viewed). */
export const signingStatusDto = z
  .object({
    state: z.enum(SIGNING_STATES),
    /** The address the code goes to, partly hidden (`c…t@example.com`). */
    emailHint: z.string(),
    /** ISO 8601: when the link stops working. */
    expiresAt: z.string(),
    /** Whether this browser holds a verified signing session. */
    verified: z.boolean(),
    consentText: z.string(),
    changeOrder: z.object({
      number: z.string(),
      title: z.string(),
      reason: z.enum(CHANGE_ORDER_REASONS),
      description: z.string(),
      projectName: z.string(),
      companyName: z.string(),
      currency: z.string(),
      lines: z.array(
        z.object({ code: z.string().nullable(), description: z.string(), amountCents: z.number().int() }),
      ),
      subtotalCents: z.number().int(),
      markupBasisPoints: z.number().int(),
      markupCents: z.number().int(),
      totalCents: z.number().int(),
      currentFinish: z.string().nullable(),
      newFinish: z.string().nullable(),
      workingDaysDelta: z.number().int(),
    }),
    /** SHA-256 (hex) of the PDF this link shows. */
    pdfSha256: z.string(),
  })
  .meta({ id: 'SigningStatus' });
export type SigningStatusDto = z.infer<typeof signingStatusDto>;

export const signCodeSentDto = z.object({ sent: z.literal(true), emailHint: z.string() });

export const verifySignCodeBody = z.object({
  code: z
    .string({ message: 'Enter the code from the e-mail' })
    .trim()
    .regex(/^\d{6}$/, { message: 'The code is 6 digits' }),
});
export type VerifySignCodeBody = z.infer<typeof verifySignCodeBody>;

/** A verified signing session: sent back as an http-only cookie scoped to the signing API. */
export const signSessionDto = z.object({ verified: z.literal(true), expiresAt: z.string() });
export const SIGN_SESSION_COOKIE = 'co_sign';

export const signatureInput = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('drawn'),
      /** A PNG data URL, as signature_pad's `toDataURL()` gives it. */
      dataUrl: z
        .string()
        .max(MAX_SIGNATURE_DATA_URL, { message: 'The drawn signature is too large' })
        .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, {
          message: 'A drawn signature is a PNG data URL',
        }),
    }),
    z.object({ kind: z.literal('typed'), name: text('Typed signature', 200) }),
  ],
  { message: 'Sign by drawing (kind drawn) or by typing your name (kind typed)' },
);
export type SignatureInput = z.infer<typeof signatureInput>;

/** `POST /api/sign/{token}/sign`: needs a verified session (the e-mailed code) and the consent. */
export const signChangeOrderBody = z.object({
  signerName: text('Your name', 200),
  consent: z.literal(true, { message: 'Agree to sign electronically to sign' }),
  signature: signatureInput,
});
export type SignChangeOrderBody = z.infer<typeof signChangeOrderBody>;

export const declineChangeOrderBody = z.object({ reason: text('Reason', 2000) });
export type DeclineChangeOrderBody = z.infer<typeof declineChangeOrderBody>;

export const signDoneDto = z.object({
  state: z.enum(SIGNING_STATES),
  /** SHA-256 (hex) of the signed PDF (signed only). */
  signedPdfSha256: z.string().nullable(),
});
export type SignDoneDto = z.infer<typeof signDoneDto>;

/**
 * Error codes: `change_order_not_found` (404), `change_order_not_draft` / `change_order_not_sent` (409),
 * `own_change_order` (403), `sign_link_used` (410: signed or declined already), `sign_link_expired`
 * (410), `sign_link_invalid` (404), `sign_code_required` (401: verify the code first),
 * `sign_code_wrong` (400), `sign_code_expired` (410), `sign_code_locked` (429: too many wrong codes,
 * ask for a new one), `sign_code_throttled` (429), `invalid_task_changes` (400, with `errors`),
 * `schedule_cycle` (400: the change makes a loop).
 */
export const CHANGE_ORDER_ERROR_CODES = [
  'change_order_not_found',
  'change_order_not_draft',
  'change_order_not_sent',
  'own_change_order',
  'sign_link_used',
  'sign_link_expired',
  'sign_link_invalid',
  'sign_code_required',
  'sign_code_wrong',
  'sign_code_expired',
  'sign_code_locked',
  'sign_code_throttled',
  'invalid_task_changes',
  'schedule_cycle',
] as const;
