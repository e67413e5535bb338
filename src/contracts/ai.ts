/**
 * Estimate to plan: reading an estimate file as text, generating a project plan from it,
 * and the progress of a generation for the overlay.
 */
import { z } from 'zod';
import { dateInput, idInput } from './common.js';
import { INSIGHT_SEVERITIES, INSIGHT_TYPES, PROJECT_TYPES } from './enums.js';
import { estimateCorrectionsBody } from './estimate-review.js';
import { weatherDaysDto } from './schedule.js';
import { taskDto } from './tasks.js';

/** What `POST /api/parse-pdf` read a file as. */
export const EXTRACT_FORMATS = ['pdf', 'image', 'docx', 'doc', 'xlsx', 'xls', 'csv', 'txt'] as const;
export type ExtractFormat = (typeof EXTRACT_FORMATS)[number];

/**
 * `POST /api/parse-pdf` (multipart `file`). Text layout, relied on by the estimate analyzer:
 * - spreadsheets and csv: each sheet starts with a line `## Sheet: <name>`; each row is one line
 *   with its cells joined by a tab (`\t`), trailing empty cells dropped, formulas as their cached
 *   values, error cells as their code (`#REF!`);
 * - PDF and OCR: pages are separated by a form feed (`\f`); each visual line is one line, with
 *   column gaps kept as runs of two or more spaces;
 * - docx/doc: paragraphs as lines; table rows as tab-joined cells.
 */
export const parsePdfResponse = z
  .object({
    content: z.string(),
    /** Pages (PDF), sheets (spreadsheet) or 1. */
    pages: z.number().int(),
    /** Whether any of the text came from text recognition. */
    ocr: z.boolean(),
    format: z.enum(EXTRACT_FORMATS),
    /** Things the reader noticed but could read past, e.g. `Sheet "Abstract": 12 cells are #REF!`. */
    warnings: z.array(z.string()),
  })
  .meta({ id: 'ParsedDocument' });
export type ParsePdfResponse = z.infer<typeof parsePdfResponse>;

/** `POST /api/ai/generate-project-plan`. Budget and dates are as the project dialog sends them. */
export const generateProjectPlanBody = z
  .object({
    projectId: idInput('Invalid project id'),
    projectName: z.string().trim().max(200).optional(),
    projectType: z.enum(PROJECT_TYPES).optional(),
    budget: z.union([z.number(), z.string()]).optional(),
    startDate: dateInput('Start date').optional(),
    endDate: dateInput('End date').optional(),
    estimateContent: z.string().min(1, { message: 'The estimate is empty' }).max(5_000_000),
    fileName: z.string().max(255).optional(),
  })
  .meta({ id: 'GenerateProjectPlan' });
export type GenerateProjectPlanBody = z.infer<typeof generateProjectPlanBody>;

export const insightDto = z
  .object({
    id: z.number().int(),
    projectId: z.number().int().nullable(),
    /** The task the insight is about, when it is about one (plans stored before it existed have none). */
    taskId: z.number().int().nullable().default(null),
    type: z.enum(INSIGHT_TYPES),
    severity: z.enum(INSIGHT_SEVERITIES),
    title: z.string(),
    description: z.string(),
    impact: z.string().nullable(),
    recommendation: z.string().nullable(),
    /** Decimal text, e.g. `"1250.00"`. */
    potentialSavings: z.string().nullable(),
    isActive: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Insight' });
export type InsightDto = z.infer<typeof insightDto>;

export const ANALYZER_KINDS = ['builtin', 'model'] as const;

/** A line of the estimate that carries an amount, and what the reader did with it. */
export const estimateLineDto = z
  .object({
    line: z.number().int(),
    sheet: z.string().optional(),
    text: z.string(),
    amount: z.number().nullable(),
    /** work, allowance, charge, total, subtotal, recap, duplicate, alternate, other-bidder, other-model, unclear… */
    disposition: z.string(),
    reason: z.string(),
  })
  .meta({ id: 'EstimateLine' });

/** A line of the estimate in a plan's answer: the task it went into, or null (its reason says why). */
export const planSourceLineDto = estimateLineDto
  .extend({ taskId: z.number().int().nullable() })
  .meta({ id: 'PlanSourceLine' });
export type PlanSourceLineDto = z.infer<typeof planSourceLineDto>;

export const generatedPlanDto = z
  .object({
    generationId: z.number().int(),
    projectId: z.number().int(),
    tasks: z.array(taskDto),
    /** Ids of the critical tasks, in order. */
    criticalPath: z.array(z.number().int()),
    insights: z.array(insightDto),
    /** The project's finish date `YYYY-MM-DD` as scheduled. */
    finishDate: z.string(),
    analyzer: z.enum(ANALYZER_KINDS),
    /** What the analysis noticed: fallbacks, broken totals, items read as allowances, and so on. */
    notes: z.array(z.string()),
    /** The estimate's own total of works when it states one, else the sum of its items. */
    estimateTotal: z.number().nullable(),
    /** Whether this answer is the stored result of an earlier identical request (no new tasks). */
    reused: z.boolean(),
    /** Every line of the estimate that carries an amount: what became of it (plans saved before it have none). */
    sourceLines: z.array(planSourceLineDto).default([]),
    /** The weather days the plan's schedule carries for the project's place and season; null when none. */
    weather: weatherDaysDto.nullable().default(null),
  })
  .meta({ id: 'GeneratedPlan' });
export type GeneratedPlanDto = z.infer<typeof generatedPlanDto>;

/** The steps the progress overlay shows, in order. */
export const PLAN_STEPS = [
  'initializing',
  'processing-files',
  'ai-analysis',
  'generating-tasks',
  'creating-insights',
  'finalizing',
] as const;
export type PlanStep = (typeof PLAN_STEPS)[number];

/** `GET /api/ai/plan-progress/{projectId}`: the project's latest generation (404 if none). */
export const planProgressDto = z
  .object({
    generationId: z.number().int(),
    projectId: z.number().int(),
    /** `needs-input`: the estimate asks a question first (which bid column, which model…): see `GET /api/plans/{id}`. */
    status: z.enum(['running', 'needs-input', 'succeeded', 'failed']),
    step: z.enum(PLAN_STEPS),
    percent: z.number().int().min(0).max(100),
    fileName: z.string().nullable(),
    error: z.string().nullable(),
    startedAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'PlanProgress' });
export type PlanProgressDto = z.infer<typeof planProgressDto>;

/**
 * `POST /api/projects/{id}/plans` with the project's stored documents to plan (JSON). The same path
 * takes new files as multipart parts named `file`: they are kept as project documents, then planned.
 */
export const startPlansBody = z
  .object({
    documentIds: z
      .array(idInput('Invalid document id'))
      .min(1, { message: 'Choose at least one estimate to plan' })
      .max(10, { message: 'Plan at most 10 estimates at once' }),
  })
  .meta({ id: 'StartPlans' });
export type StartPlansBody = z.infer<typeof startPlansBody>;

/** `202` of `POST /api/projects/{id}/plans`: the generations the server runs, one per estimate. */
export const startedPlansDto = z
  .object({
    /** The first estimate's generation (the one to follow when there is one). */
    generationId: z.number().int(),
    /** Every estimate's generation, in the order sent. */
    generationIds: z.array(z.number().int()),
    /** Those already planned before (the same file for the same project): they add no tasks. */
    reusedIds: z.array(z.number().int()),
  })
  .meta({ id: 'StartedPlans' });
export type StartedPlansDto = z.infer<typeof startedPlansDto>;

/** `GET /api/projects/{id}/plans`: the project's generations, most recently active first. */
export const planGenerationSummaryDto = planProgressDto
  .extend({
    /** The stored document it reads (null for a generation given the estimate's text). */
    documentId: z.number().int().nullable(),
  })
  .meta({ id: 'PlanGenerationSummary' });
export type PlanGenerationSummaryDto = z.infer<typeof planGenerationSummaryDto>;

/** A question the estimate asks before it is planned: which bid column, which model, an alternate. */
export const estimateChoiceDto = z
  .object({
    /** Stable key of the question, e.g. `bid-column`, `model`, `alternate:12`. */
    key: z.string(),
    kind: z.enum(['bid-column', 'model', 'alternate']),
    question: z.string(),
    options: z.array(z.object({ id: z.string(), label: z.string(), total: z.number().nullable() })),
    /** The option the document suggests (the engineer's estimate, the low bid), if any. */
    defaultOption: z.string().nullable(),
    /** The option the reading used. */
    chosen: z.string().nullable(),
  })
  .meta({ id: 'EstimateChoice' });
export type EstimateChoiceDto = z.infer<typeof estimateChoiceDto>;

/** What a generation waiting for the user asks: its choices, and the lines behind a total that does not add up. */
export const planQuestionsDto = z
  .object({
    choices: z.array(estimateChoiceDto),
    /** Set when the planned figures do not add up to the document's total. */
    mismatch: z
      .object({
        /** The document's total the plan is compared with. */
        documentTotal: z.number().nullable(),
        documentTotalLabel: z.string().nullable(),
        /** Work, allowances and charges as read. */
        readTotal: z.number(),
        difference: z.number().nullable(),
        /** The lines left out, counted twice or unclear. */
        lines: z.array(estimateLineDto),
      })
      .nullable(),
  })
  .meta({ id: 'PlanQuestions' });
export type PlanQuestionsDto = z.infer<typeof planQuestionsDto>;

/** `POST /api/plans/{generationId}/answers`: the user's answers; the server then plans the estimate. */
export const planAnswersBody = z
  .object({
    /** By question key: the chosen option's id (`include`/`exclude` for an alternate). */
    choices: z.record(z.string().max(100), z.string().max(200)).default({}),
    /** Plan even though the figures do not add up to the document's total. */
    acceptMismatch: z.boolean().default(false),
    /** The user's corrections to the reading (the review's); stored with the generation. */
    corrections: estimateCorrectionsBody.default({}),
    /** Read this company's next estimates of the same layout with these corrections' rules. */
    remember: z.boolean().default(false),
  })
  .meta({ id: 'PlanAnswers' });
export type PlanAnswersBody = z.infer<typeof planAnswersBody>;

/** `GET /api/plans/{generationId}`: a generation's progress and, once it succeeded, its plan. */
export const planGenerationDto = planGenerationSummaryDto
  .extend({
    /** The plan once succeeded: what `POST /api/ai/generate-project-plan` answers. */
    result: generatedPlanDto.nullable(),
    /** What it asks while its status is `needs-input`. */
    questions: planQuestionsDto.nullable(),
  })
  .meta({ id: 'PlanGeneration' });
export type PlanGenerationDto = z.infer<typeof planGenerationDto>;

export const aiPaths = {
  parsePdf: '/api/parse-pdf',
  projectPlans: (projectId: number | string) => `/api/projects/${projectId}/plans`,
  plan: (generationId: number | string) => `/api/plans/${generationId}`,
  planAnswers: (generationId: number | string) => `/api/plans/${generationId}/answers`,
  planReading: (generationId: number | string) => `/api/plans/${generationId}/reading`,
  generateProjectPlan: '/api/ai/generate-project-plan',
  planProgress: (projectId: number | string) => `/api/ai/plan-progress/${projectId}`,
} as const;
