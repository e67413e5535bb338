/**
 * A company's remembered reading rules (the estimate review's "read my estimates this way next
 * time"): the shape stored in the `rules` column of `estimate_reading_rules`, checked when written
 * and when read back. The estimate domain's `ReadingRules` is the same shape; the server holds the
 * two equal at compile time.
 */
import { z } from 'zod';
import { CORRECTED_ROLES, CORRECTED_SHEETS } from './estimate-review.js';

/** Most rules of each kind one layout keeps (as many as one answer's corrections). */
const MAX_RULES = 5_000;
const words = z.string().max(2_000);
const correction = { role: z.enum(CORRECTED_ROLES).optional(), trade: z.string().min(1).max(40).optional() };

export const estimateReadingRules = z
  .object({
    /** What the layout is known by: its header rows and sheet names, figures written `#`. */
    layout: z.object({ headers: z.array(words).max(200), sheets: z.array(words).max(200) }),
    /** Lines by their words (and the heading above them when the words alone are not enough). */
    lines: z
      .array(z.object({ text: words, under: words.nullable().optional(), ...correction }))
      .max(MAX_RULES),
    /** Every amount line under a heading with these words. */
    sections: z.array(z.object({ heading: words, ...correction })).max(MAX_RULES),
    sheets: z.array(z.object({ name: words, as: z.enum(CORRECTED_SHEETS) })).max(MAX_RULES),
    /** Everything after the line with these words (counted from the last such line) is an option. */
    optionsAfter: z.object({ text: words, fromEnd: z.number().int().nonnegative() }).nullable(),
    /** A bid column or model by the chosen option's label. */
    choices: z.array(z.object({ key: z.string().max(100), label: words })).max(100),
    /** An alternate by its line's words. */
    alternates: z.array(z.object({ text: words, answer: z.enum(['include', 'exclude']) })).max(MAX_RULES),
  })
  .meta({ id: 'EstimateReadingRules' });
export type EstimateReadingRules = z.infer<typeof estimateReadingRules>;
