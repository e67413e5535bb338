/**
 * Who writes the portfolio analysis: the built-in text, or — with a language model configured (the
 * same OpenAI-compatible endpoint and settings as the estimate analyzer) — the model, given the
 * computed facts only. Any failure (no answer in time, an HTTP error, an empty answer) falls back to
 * the built-in text. Answers are kept per set of facts, so an unchanged portfolio asks only once.
 */
import OpenAI from 'openai';
import { type PortfolioFacts, portfolioSummary } from '../../../domain/insights/index.js';
import type { Config } from '../../config.js';

export interface SummaryWriter {
  write(facts: PortfolioFacts): Promise<string>;
}

/** The endpoint is told to stay with the facts; numbers it is not given must not appear. */
const SYSTEM_PROMPT = [
  'You write the portfolio analysis of a construction company for its project managers.',
  'Use only the facts in the JSON you are given: do not invent projects, numbers, dates or causes.',
  'Write 3 to 6 plain sentences, no headings, no lists, no markdown: the state of the portfolio,',
  'the most pressing risks and what to do first, and the opportunities with their savings.',
].join(' ');

/** Answers kept per set of facts. */
const CACHE_SIZE = 50;
/** The longest summary kept from a model; a longer answer is cut at a sentence. */
const MAX_CHARS = 2000;

interface Log {
  warn(obj: object, msg: string): void;
}

function modelWriter(options: Extract<Config['analyzer'], { kind: 'model' }>, log: Log): SummaryWriter {
  const client = new OpenAI({
    baseURL: options.baseUrl ?? null,
    apiKey: options.apiKey ?? 'no-key',
    organization: null,
    project: null,
    timeout: options.timeoutMs,
    maxRetries: 0,
    logLevel: 'off',
  });
  const cache = new Map<string, string>();

  async function ask(facts: PortfolioFacts): Promise<string | null> {
    const completion = await client.chat.completions.create(
      {
        model: options.model,
        temperature: 0.2,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: JSON.stringify(facts) },
        ],
      },
      { signal: AbortSignal.timeout(options.timeoutMs) },
    );
    const text = completion.choices[0]?.message?.content?.trim() ?? '';
    if (text === '') return null;
    if (text.length <= MAX_CHARS) return text;
    const cut = text.slice(0, MAX_CHARS);
    return cut.slice(0, Math.max(cut.lastIndexOf('. ') + 1, 1)).trim();
  }

  return {
    async write(facts) {
      const key = JSON.stringify(facts);
      const known = cache.get(key);
      if (known !== undefined) return known;
      let text: string | null = null;
      try {
        text = await ask(facts);
      } catch (err) {
        log.warn(
          { err },
          'the language model could not write the portfolio analysis; the built-in text is used',
        );
      }
      if (text === null) return portfolioSummary(facts);
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(key, text);
      return text;
    },
  };
}

export function createSummaryWriter(config: Config['analyzer'], log: Log): SummaryWriter {
  if (config.kind === 'model') return modelWriter(config, log);
  return { write: async (facts) => portfolioSummary(facts) };
}
