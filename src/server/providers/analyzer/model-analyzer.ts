/**
 * The language-model analyzer: any OpenAI-compatible chat-completions endpoint proposes work
 * packages as JSON; the answer is validated with zod and handed to the domain (`planFromProposals`),
 * which bounds durations and sequences the packages. The model never decides dates, links or the
 * critical path. On any failure the built-in analyzer's plan is used and the notes say why.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { z } from 'zod';
import { planFromProposals, readEstimate } from '../../../domain/estimate/index.js';
import {
  type EstimatePlan,
  type EstimateToPlanOptions,
  TRADES,
  type WorkPackageProposal,
} from '../../../domain/estimate/types.js';
import type { EstimateAnalysis, EstimateAnalyzer } from './estimate-analyzer.js';

export interface ModelAnalyzerOptions {
  /** The endpoint's base URL up to `/v1` (e.g. `http://127.0.0.1:8000/v1`); the hosted default when absent. */
  baseUrl: string | undefined;
  /** Sent as `Authorization: Bearer …`; a placeholder when only a base URL is set (self-hosted servers). */
  apiKey: string | undefined;
  model: string;
  /** The whole exchange, retries included, must finish within this; then the built-in plan is used. */
  timeoutMs: number;
  /** Plans the estimate when the model cannot (and is also the source of `readEstimate`'s reading). */
  fallback: EstimateAnalyzer;
  log?: { warn(obj: object, msg: string): void };
}

/** A self-hosted server usually ignores the key, but the client must send one. */
export const PLACEHOLDER_API_KEY = 'no-key';

/**
 * How much of the estimate the prompt carries: ~40,000 characters is ~10,000 tokens, which leaves
 * room for the answer in the 16k-token context of small self-hosted models and costs little on
 * hosted ones. Longer estimates are cut at a line boundary and the notes say so.
 */
export const MAX_PROMPT_ESTIMATE_CHARS = 40_000;

/** One transient failure (a 429 or 5xx, a dropped connection) is retried; the deadline covers both tries. */
const MAX_RETRIES = 1;

/** One work package as the model must propose it. */
export const workPackageProposalSchema = z.object({
  trade: z.enum(TRADES).describe('The construction trade of the work'),
  name: z.string().trim().min(1).max(200).describe('Short task name, e.g. "Frame walls and roof"'),
  description: z.string().max(2000).nullish().describe('What the work includes'),
  estimatedCost: z
    .number()
    .finite()
    .min(0)
    .nullish()
    .describe('Sum of the amounts of the estimate lines in this package, a plain number'),
  quantity: z.number().finite().min(0).nullish().describe('The main quantity of the work, if stated'),
  unit: z.string().max(40).nullish().describe('The unit of that quantity (sf, lf, cy, ea, …)'),
  durationDays: z
    .number()
    .int()
    .min(0)
    .max(3650)
    .nullish()
    .describe('Working days for a typical crew, only when the quantities allow a judgement'),
  materials: z.array(z.string().max(200)).max(50).optional().describe('Material names from the lines'),
  specifications: z
    .array(z.string().max(500))
    .max(50)
    .optional()
    .describe('Sizes, grades, models from the lines'),
  sourceLines: z
    .array(z.number().int().positive())
    .max(5000)
    .optional()
    .describe('Line numbers of the estimate lines in this package'),
});

/** The whole answer: `response_format: json_object` needs an object at the top. */
export const modelAnswerSchema = z.object({
  workPackages: z.array(workPackageProposalSchema).max(300),
});

const answerJsonSchema = JSON.stringify(z.toJSONSchema(modelAnswerSchema));

/** Why the model's answer could not be used; the message ends up in the notes. */
class ModelUnusable extends Error {}

export function createModelAnalyzer(options: ModelAnalyzerOptions): EstimateAnalyzer {
  const client = new OpenAI({
    // null, not undefined: the client must not pick settings up from the process environment.
    baseURL: options.baseUrl ?? null,
    apiKey: options.apiKey ?? PLACEHOLDER_API_KEY,
    organization: null,
    project: null,
    timeout: options.timeoutMs,
    maxRetries: MAX_RETRIES,
    logLevel: 'off',
  });

  async function propose(text: string, opts: EstimateToPlanOptions | undefined) {
    const prompt = estimatePrompt(text);
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await client.chat.completions.create(
        {
          model: options.model,
          messages: [
            { role: 'system', content: systemPrompt() },
            { role: 'user', content: userPrompt(prompt.text, opts) },
          ],
          response_format: { type: 'json_object' },
        },
        { signal: AbortSignal.timeout(options.timeoutMs) },
      );
    } catch (err) {
      throw new ModelUnusable(requestFailure(err, options.timeoutMs));
    }
    const content = completion.choices?.[0]?.message?.content;
    if (typeof content !== 'string' || content.trim() === '') {
      throw new ModelUnusable('its answer was empty');
    }
    let json: unknown;
    try {
      json = JSON.parse(withoutCodeFence(content));
    } catch {
      throw new ModelUnusable(
        completion.choices[0]?.finish_reason === 'length'
          ? 'its answer was cut off before the JSON ended'
          : 'its answer was not valid JSON',
      );
    }
    const parsed = modelAnswerSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      throw new ModelUnusable(`its answer did not match the work-package schema (${where}${issue?.message})`);
    }
    if (parsed.data.workPackages.length === 0) throw new ModelUnusable('it proposed no work packages');
    const notes = prompt.truncated
      ? [
          `The estimate is long: the language model read its first ${prompt.linesShown} of ${prompt.linesTotal} non-empty lines (to line ${prompt.lastLine}); the lines after it were not shown to the model.`,
        ]
      : [];
    return { proposals: parsed.data.workPackages.map(toProposal), notes };
  }

  function planFrom(text: string, proposals: WorkPackageProposal[], opts: EstimateToPlanOptions | undefined) {
    let plan: EstimatePlan;
    try {
      plan = planFromProposals(readEstimate(text, opts), proposals, opts);
    } catch (err) {
      throw new ModelUnusable(`its work packages could not be planned (${(err as Error).message})`);
    }
    if (plan.packages.length === 0) throw new ModelUnusable('none of its work packages could be planned');
    return plan;
  }

  return {
    kind: 'model',
    close: () => options.fallback.close(),
    async analyze(text, opts): Promise<EstimateAnalysis> {
      try {
        const { proposals, notes } = await propose(text, opts);
        return { plan: planFrom(text, proposals, opts), analyzer: 'model', notes };
      } catch (err) {
        const reason = err instanceof ModelUnusable ? err.message : `an unexpected error (${String(err)})`;
        options.log?.warn({ reason, model: options.model }, 'language model not used for the estimate');
        const fallback = await options.fallback.analyze(text, opts);
        return {
          plan: fallback.plan,
          analyzer: fallback.analyzer,
          notes: [
            `The language model could not be used: ${reason}; the built-in analyzer planned this estimate.`,
            ...fallback.notes,
          ],
        };
      }
    },
  };
}

/** The schema's optional fields as the domain's proposal shape (no `undefined` where it wants absent). */
function toProposal(p: z.infer<typeof workPackageProposalSchema>): WorkPackageProposal {
  return {
    trade: p.trade,
    name: p.name,
    description: p.description ?? null,
    estimatedCost: p.estimatedCost ?? null,
    quantity: p.quantity ?? null,
    unit: p.unit ?? null,
    durationDays: p.durationDays ?? null,
    materials: p.materials ?? [],
    specifications: p.specifications ?? [],
    sourceLines: p.sourceLines ?? [],
  };
}

function requestFailure(err: unknown, timeoutMs: number): string {
  if (err instanceof APIConnectionTimeoutError || err instanceof APIUserAbortError) {
    return `no answer within ${Math.round(timeoutMs / 100) / 10} s`;
  }
  if (err instanceof APIConnectionError) return `the server could not be reached (${err.message})`;
  if (err instanceof APIError) {
    // The client's message repeats the status first ("500 model crashed").
    const detail = oneLine(err.message.replace(new RegExp(`^${err.status ?? ''}\\s*`), ''));
    return `the server answered HTTP ${err.status ?? 'error'}${detail ? ` (${detail})` : ''}`;
  }
  if (err instanceof Error && err.name === 'TimeoutError') {
    return `no answer within ${Math.round(timeoutMs / 100) / 10} s`;
  }
  return `the request failed (${err instanceof Error ? err.message : String(err)})`;
}

function oneLine(s: string): string {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}

/** Some servers wrap JSON mode answers in a Markdown fence anyway. */
function withoutCodeFence(content: string): string {
  const m = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/i.exec(content);
  return m?.[1] ?? content;
}

export function systemPrompt(): string {
  return [
    'You read construction cost estimates and propose the work packages a construction schedule needs.',
    'Answer with one JSON object and nothing else. It must match this JSON Schema:',
    answerJsonSchema,
    'Rules:',
    '- One package per trade of work the estimate prices; group the lines of one trade together. Split a trade only when the estimate clearly separates distinct work (e.g. two buildings).',
    `- "trade" is one of: ${TRADES.join(', ')}. Use "other" only when nothing fits.`,
    '- "estimatedCost" is the sum of the amounts of the estimate lines in the package, in the estimate\'s currency, as a plain number (no currency sign, no thousands separators).',
    '- Subtotals, totals, taxes, overhead and profit, allowances and contingencies are not work: leave them out of every package.',
    '- "sourceLines" lists the line numbers (the number before "|") of the estimate lines in the package.',
    '- Give "durationDays" only when the quantities let you judge the working days of a typical crew; otherwise null.',
    '- Do not give dates, start or finish days, or dependencies: the scheduler computes those.',
    '- Do not add permits, inspections or closeout unless the estimate prices them; the scheduler adds them.',
  ].join('\n');
}

function userPrompt(estimate: string, opts: EstimateToPlanOptions | undefined): string {
  const facts = [
    opts?.projectType ? `Project type: ${opts.projectType}.` : null,
    opts?.fileName ? `File: ${opts.fileName}.` : null,
  ].filter(Boolean);
  return [
    ...facts,
    'The estimate follows, one line per row, each line starting with its line number and "|"; columns are separated by tabs or two spaces.',
    '',
    estimate,
  ].join('\n');
}

/**
 * The estimate as the prompt carries it: each non-empty line with its 1-based line number in the
 * text (as the domain numbers lines, so `sourceLines` point at the same lines), runs of spaces
 * shortened to two (column gaps stay visible), cut at a line boundary after
 * {@link MAX_PROMPT_ESTIMATE_CHARS} characters.
 */
export function estimatePrompt(text: string, maxChars = MAX_PROMPT_ESTIMATE_CHARS) {
  const lines = text.split(/\r?\n/);
  const out: string[] = [];
  let size = 0;
  let linesTotal = 0;
  let lastLine = 0;
  let truncated = false;
  for (const [index, raw] of lines.entries()) {
    const line = raw
      .replace(/\f/g, ' ')
      .replace(/ {3,}/g, '  ')
      .replace(/[ \t]+$/g, '');
    if (line.trim() === '') continue;
    linesTotal++;
    if (truncated) continue;
    const numbered = `${index + 1}| ${line}`;
    if (size + numbered.length + 1 > maxChars) {
      truncated = true;
      continue;
    }
    out.push(numbered);
    size += numbered.length + 1;
    lastLine = index + 1;
  }
  return { text: out.join('\n'), truncated, linesShown: out.length, linesTotal, lastLine };
}
