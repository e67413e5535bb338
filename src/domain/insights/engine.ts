/**
 * The insights engine: every rule over the company's data, the findings most severe first
 * (risks before opportunities before recommendations within a severity).
 */
import { compareFindings } from './priority.js';
import { projectViews } from './project-views.js';
import { assigneeOverlap } from './rules/assignee-overlap.js';
import { budgetAhead } from './rules/budget-ahead.js';
import { longLead } from './rules/long-lead.js';
import { nearCritical } from './rules/near-critical.js';
import { overdueCritical } from './rules/overdue-critical.js';
import { progressLag } from './rules/progress-lag.js';
import { resequence } from './rules/resequence.js';
import type { InsightRule } from './rules/rule.js';
import { unlicensedSubcontractor } from './rules/unlicensed.js';
import { weatherWindow } from './rules/weather.js';
import type { InsightFinding, InsightInput } from './types.js';

/** The rules, by name. */
export const INSIGHT_ENGINE_RULES: Readonly<Record<string, InsightRule>> = {
  'overdue-critical': overdueCritical,
  'progress-lag': progressLag,
  'budget-ahead': budgetAhead,
  'long-lead': longLead,
  'weather-window': weatherWindow,
  'near-critical': nearCritical,
  resequence,
  'assignee-overlap': assigneeOverlap,
  'unlicensed-subcontractor': unlicensedSubcontractor,
};

/** Every finding of every rule on the company's data. */
export function computeInsights(input: InsightInput): InsightFinding[] {
  const ctx = { input, views: projectViews(input) };
  const findings = Object.values(INSIGHT_ENGINE_RULES).flatMap((rule) => rule(ctx));
  return findings
    .map((f, i) => ({ f, i }))
    .sort((x, y) => compareFindings(x.f, y.f) || x.i - y.i)
    .map((x) => x.f);
}
