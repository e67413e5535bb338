/**
 * The estimate review: the user's corrections to how an estimate was read (sent with the answers to a
 * plan's questions and stored with its generation), and what the review reads to redo the reading in
 * the browser with the same code the server plans with.
 */
import { z } from 'zod';

/** The roles a user can give a line; the estimate domain's `CorrectedRole` is the same list. */
export const CORRECTED_ROLES = [
  'work',
  'allowance',
  'charge',
  'option',
  'exclusion',
  'recap',
  'ignore',
] as const;
/** What a whole sheet can be said to be; the domain's `CorrectedSheet` is the same list. */
export const CORRECTED_SHEETS = ['ignore', 'other-model', 'duplicate'] as const;

/** Most corrected lines one answer may carry (a 2,000-line estimate corrected line by line fits). */
const MAX_LINE_CORRECTIONS = 5_000;
const MAX_SHEET_CORRECTIONS = 500;

const lineKey = z.string().regex(/^[1-9]\d{0,6}$/, { message: 'A line is named by its number' });

export const estimateCorrectionsBody = z
  .object({
    /** By line number (1-based): the line's role and/or trade (a work package's key, e.g. `plumbing`). */
    lines: z
      .record(
        lineKey,
        z.object({
          role: z.enum(CORRECTED_ROLES).optional(),
          trade: z.string().min(1).max(40).optional(),
        }),
      )
      .refine((lines) => Object.keys(lines).length <= MAX_LINE_CORRECTIONS, {
        message: `At most ${MAX_LINE_CORRECTIONS} corrected lines`,
      })
      .optional(),
    /** By sheet name: the whole sheet is ignored, another model, or a repeat of another. */
    sheets: z
      .record(z.string().min(1).max(200), z.enum(CORRECTED_SHEETS))
      .refine((sheets) => Object.keys(sheets).length <= MAX_SHEET_CORRECTIONS, {
        message: `At most ${MAX_SHEET_CORRECTIONS} corrected sheets`,
      })
      .optional(),
    /** Every line after this one is an option, not the base bid. */
    optionsAfter: z.number().int().positive().max(9_999_999).nullable().optional(),
    /** The document's total as the user reads it. */
    statedTotal: z.number().finite().nonnegative().max(1e15).nullable().optional(),
  })
  .strict()
  .meta({ id: 'EstimateCorrections' });
export type EstimateCorrectionsBody = z.infer<typeof estimateCorrectionsBody>;

/** `GET /api/plans/{generationId}/reading`: the estimate's text as the reader reads it, and the answers so far. */
export const planReadingDto = z
  .object({
    generationId: z.number().int(),
    projectId: z.number().int(),
    fileName: z.string().nullable(),
    /** The project's type, which the reading uses to pick trades and durations. */
    projectType: z.string().nullable(),
    /** The extracted text the reader reads (the layout of `POST /api/parse-pdf`). */
    content: z.string(),
    /** The choices answered so far, by question key. */
    choices: z.record(z.string(), z.string()),
    corrections: estimateCorrectionsBody,
    /** Whether the generation was first read with the company's remembered rules for its layout. */
    rememberedRules: z.boolean().default(false),
  })
  .meta({ id: 'PlanReading' });
export type PlanReadingDto = z.infer<typeof planReadingDto>;
