/**
 * Insights: rules over a company's projects, tasks and contacts that raise risks, opportunities
 * and recommendations with the numbers behind them, and the portfolio summary built from them.
 * Pure functions on plain data; `today` is passed in.
 */

export { type CountedInsight, type InsightCounters, insightCounters } from './counters.js';
export { computeInsights, INSIGHT_ENGINE_RULES } from './engine.js';
export {
  type PortfolioFacts,
  portfolioFacts,
  portfolioSummary,
  type SummaryInsight,
} from './portfolio-summary.js';
export { byPriority, compareFindings } from './priority.js';
export type * from './types.js';
