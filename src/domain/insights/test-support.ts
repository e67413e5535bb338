/** Small builders for the insight rule tests. */
import { projectViews } from './project-views.js';
import type { RuleContext } from './rules/rule.js';
import type { InsightContact, InsightInput, InsightProject, InsightTask } from './types.js';

export const TODAY = '2026-03-16'; // a Monday

export function project(over: Partial<InsightProject> = {}): InsightProject {
  return {
    id: 1,
    name: 'Maple Street Duplex',
    status: 'active',
    budget: 500_000,
    currency: 'USD',
    progress: 0,
    startDate: '2026-03-02',
    endDate: '2026-09-30',
    calendar: null,
    ...over,
  };
}

let nextId = 100;
export function task(over: Partial<InsightTask> = {}): InsightTask {
  nextId += 1;
  return {
    id: nextId,
    projectId: 1,
    name: `Task ${nextId}`,
    phase: null,
    status: 'not-started',
    progress: 0,
    duration: 5,
    startDate: '2026-03-02',
    endDate: '2026-03-06',
    isCritical: false,
    dependencies: null,
    estimatedCost: null,
    materialsStatus: null,
    materialsExpectedDate: null,
    materials: [],
    startNoEarlierThan: null,
    assignee: null,
    ...over,
  };
}

/** `b` follows `a` finish-to-start. */
export const follows = (...ids: number[]) =>
  JSON.stringify(ids.map((taskId) => ({ taskId, type: 'FS', lagDays: 0 })));

export function contact(over: Partial<InsightContact> = {}): InsightContact {
  return {
    id: 7,
    name: 'Sparks & Sons',
    type: 'subcontractor',
    licensed: false,
    specialty: null,
    specialties: [],
    ...over,
  };
}

export function input(over: Partial<InsightInput> = {}): InsightInput {
  return { today: TODAY, state: null, projects: [project()], tasks: [], contacts: [], ...over };
}

export function context(over: Partial<InsightInput> = {}): RuleContext {
  const i = input(over);
  return { input: i, views: projectViews(i) };
}
