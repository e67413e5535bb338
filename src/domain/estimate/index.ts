/**
 * Estimate to plan: read an estimate's text, map its lines to trades, build work
 * packages with durations, sequence them with the construction-sequence graph, and derive the
 * project's first insights. Pure functions; see README.md.
 */
export { estimateTotal, INSIGHT_RULES, planInsights } from './insights.js';
export { classifyLine, LEXICON, matchLexicon, sectionHint, TRADE_LABELS, tradeLabel } from './lexicon.js';
export { findDate, formatMoney, parseNumber, parseUnit } from './numbers.js';
export { durationFromCrewDays, lineEffort } from './packages.js';
export { estimateToPlan, planFromProposals } from './plan.js';
export { statedLeadTime } from './procurement.js';
export { type EstimateProjectType, projectTypeOfEstimate } from './project-type.js';
export { estimateReader, readEstimate } from './read-estimate.js';
export {
  correctionsFromRules,
  isEmptyReading,
  layoutSignature,
  type ReadingLayout,
  type ReadingRules,
  type RememberedReading,
  readingLayout,
  rulesFromCorrections,
} from './reading-rules.js';
export { SEQUENCE, sequencePackages } from './sequence.js';
export { LEVEL_OF_EFFORT_KEYS } from './sequence-graph.js';
export * from './types.js';
