/**
 * "Read my estimates this way next time": the rules of an answer's corrections kept for the
 * company's layout (in the answer's transaction), and a new generation's estimate of a remembered
 * layout read with them before anything is asked. The rules themselves are the estimate domain's
 * (`reading-rules.ts` there); the stored shape is the contract's, checked both ways.
 */
import type { PlanAnswersBody } from '../../../contracts/ai.js';
import { type EstimateReadingRules, estimateReadingRules } from '../../../contracts/reading-rules.js';
import {
  correctionsFromRules,
  isEmptyReading,
  layoutSignature,
  type ReadingRules,
  type RememberedReading,
  readingLayout,
  rulesFromCorrections,
} from '../../../domain/estimate/reading-rules.js';
import { TRADES, type Trade } from '../../../domain/estimate/types.js';
import type { Db } from '../../db/client.js';
import { toEstimateCorrections } from './corrections.js';
import { readingRulesRepo } from './reading-rules.repo.js';

// The stored shape and the domain's rules are the same, a trade being any text once stored.
type TradesAsText<T> = T extends Trade
  ? string
  : T extends readonly (infer U)[]
    ? TradesAsText<U>[]
    : T extends object
      ? { [K in keyof T]: TradesAsText<T[K]> }
      : T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type RulesAgree = Holds<Same<TradesAsText<ReadingRules>, EstimateReadingRules>>;

/** What the plan's notes say when a generation was read with the company's rules. */
export const REMEMBERED_NOTE =
  "Read with your company's remembered rules for this layout; review the reading to change them.";
/** What they say when the user asked to remember an estimate that has no layout to be known by. */
export const NOT_REMEMBERED_NOTE =
  'These corrections were not remembered for your next estimates: this estimate has no column headings or sheet names to recognise its layout by.';

const isTrade = (value: string): value is Trade => (TRADES as readonly string[]).includes(value);
/** A rule the plan can still follow: no trade, or a trade it knows. */
const followable = <R extends { trade?: string }>(rule: R): rule is R & { trade?: Trade } =>
  rule.trade === undefined || isTrade(rule.trade);

/** Stored rules in the domain's shape; a rule naming a trade the plan no longer knows is dropped. */
function toDomainRules(stored: EstimateReadingRules): ReadingRules {
  return {
    ...stored,
    lines: stored.lines.filter(followable),
    sections: stored.sections.filter(followable),
  };
}

/** The rules an answer asks to remember, keyed by its estimate's layout; null when it has none. */
export function rulesToRemember(
  content: string,
  answers: PlanAnswersBody,
): { signature: string; rules: EstimateReadingRules } | null {
  const rules = rulesFromCorrections(content, toEstimateCorrections(answers.corrections), answers.choices);
  if (!rules) return null;
  return { signature: layoutSignature(rules.layout), rules: estimateReadingRules.parse(rules) };
}

export async function rememberRules(
  db: Db,
  companyId: number,
  remembered: { signature: string; rules: EstimateReadingRules },
  userId: string,
  now: Date,
): Promise<void> {
  await readingRulesRepo.upsert(db, companyId, { ...remembered, userId, now });
}

/** Whether an estimate has no layout its rules could be remembered by. */
export const hasNoLayout = (content: string) => readingLayout(content) === null;

/**
 * What the company's remembered rules give this estimate (its own line numbers), or null: no layout,
 * no rules for it, rules no longer readable, or rules that touch none of its lines.
 */
export async function rememberedReading(
  db: Db,
  companyId: number,
  content: string,
): Promise<RememberedReading | null> {
  const layout = readingLayout(content);
  if (!layout) return null;
  const stored = estimateReadingRules.safeParse(
    await readingRulesRepo.find(db, companyId, layoutSignature(layout)),
  );
  if (!stored.success) return null;
  const reading = correctionsFromRules(content, toDomainRules(stored.data));
  return reading && !isEmptyReading(reading) ? reading : null;
}

/** The answers with what the remembered rules give beneath them (the user's own answers win). */
export function withRemembered(answers: PlanAnswersBody, reading: RememberedReading): PlanAnswersBody {
  const mine = answers.corrections;
  const theirs = reading.corrections;
  const lines = { ...theirs.lines, ...mine.lines };
  const sheets = { ...theirs.sheets, ...mine.sheets };
  const optionsAfter = mine.optionsAfter ?? theirs.optionsAfter;
  return {
    ...answers,
    choices: { ...reading.choices, ...answers.choices },
    corrections: {
      ...mine,
      ...(Object.keys(lines).length > 0 ? { lines } : {}),
      ...(Object.keys(sheets).length > 0 ? { sheets } : {}),
      ...(optionsAfter != null ? { optionsAfter } : {}),
    },
  };
}

/**
 * The generation's stored answers once the remembered rules were merged beneath them, marked so
 * that the review can say so and a rerun does not look them up again.
 */
export const withRememberedMark = (answers: PlanAnswersBody) => ({ ...answers, rememberedRules: true });

/** Whether a generation's stored answers carry the remembered rules' mark. */
export const readWithRememberedRules = (input: unknown): boolean =>
  (input as { rememberedRules?: unknown } | null)?.rememberedRules === true;

/** Whether answers are a first reading's: nothing chosen, nothing corrected. */
export const nothingAnswered = (answers: PlanAnswersBody): boolean =>
  Object.keys(answers.choices).length === 0 && Object.keys(answers.corrections).length === 0;
