import type { EstimatePlan, EstimateToPlanOptions } from '../../../domain/estimate/types.js';

/** Which analyzer produced a plan. */
export type AnalyzerKind = 'builtin' | 'model';

export interface EstimateAnalysis {
  /** Sequenced work packages; dates and the critical path are the scheduling engine's to compute. */
  plan: EstimatePlan;
  /** The analyzer that actually produced `plan` (`builtin` after a language-model fallback). */
  analyzer: AnalyzerKind;
  /** What the analyzer itself has to say (a fallback and why, a shortened prompt); the plan's own notes are in `plan.notes`. */
  notes: string[];
}

/**
 * Estimate text (the layout of `POST /api/parse-pdf`) → sequenced work packages. Chosen by
 * `config.analyzer`: the built-in, offline analyzer, or a language model behind an OpenAI-compatible
 * chat-completions endpoint that falls back to the built-in one on any failure. Never rejects for a
 * model failure; rejects only when the built-in analysis itself throws.
 */
export interface EstimateAnalyzer {
  readonly kind: AnalyzerKind;
  analyze(text: string, options?: EstimateToPlanOptions): Promise<EstimateAnalysis>;
  /** Stops what the analyzer runs besides the server (its analysis thread). */
  close(): Promise<void>;
}
