import type { ProjectView } from '../project-views.js';
import type { InsightFinding, InsightInput } from '../types.js';

/** What every rule is given: the input and each open project, scheduled. */
export interface RuleContext {
  input: InsightInput;
  views: ProjectView[];
}

/** One insight rule: the findings it raises, none when it does not apply. */
export type InsightRule = (ctx: RuleContext) => InsightFinding[];
