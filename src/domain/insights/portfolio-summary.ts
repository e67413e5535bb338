/**
 * The portfolio's facts (projects, budget, progress, overdue work and the active insights) and the
 * built-in written summary of them. A language model, when configured, is given these facts only.
 */
import { type CurrencyAmount, currencyOfNoProject, sumByCurrency } from '../money/index.js';
import { formatAmounts, plural } from './format.js';
import { projectProgress } from './progress.js';
import { isDone, isOpenProject } from './project-views.js';
import type { InsightKind, InsightLevel, InsightProject, InsightTask } from './types.js';

/** An active insight, as the summary reads it. */
export interface SummaryInsight {
  projectId: number | null;
  type: InsightKind;
  severity: InsightLevel;
  title: string;
  potentialSavings: number | null;
}

export interface PortfolioFacts {
  today: string;
  projects: number;
  openProjects: number;
  /** The open projects' budgets, summed per currency (never converted). */
  budget: CurrencyAmount[];
  /** Average progress 0–100 of the open projects. */
  averageProgress: number;
  tasks: number;
  overdueTasks: number;
  risks: { high: number; medium: number; low: number };
  opportunities: number;
  recommendations: number;
  /** The active insights' savings, summed per currency (an insight's is its project's). */
  potentialSavings: CurrencyAmount[];
  /** Titles of the most pressing active insights, most severe first (at most 5). */
  top: string[];
  /** Open projects with their progress and active risk count. */
  projectLines: { name: string; status: string; progress: number; risks: number }[];
}

const RANK: Record<InsightLevel, number> = { high: 0, medium: 1, low: 2 };

export function portfolioFacts(
  today: string,
  projects: readonly InsightProject[],
  tasks: readonly InsightTask[],
  insights: readonly SummaryInsight[],
): PortfolioFacts {
  const open = projects.filter(isOpenProject);
  const openIds = new Set(open.map((p) => p.id));
  const tasksOf = (id: number) => tasks.filter((t) => t.projectId === id);
  const progress = open.map((p) => projectProgress(p, tasksOf(p.id)));
  const risks = insights.filter((i) => i.type === 'risk');
  const sorted = [...insights].sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  const currencyOf = new Map(projects.map((p) => [p.id, p.currency]));
  const fallback = currencyOfNoProject(projects);
  return {
    today,
    projects: projects.length,
    openProjects: open.length,
    budget: sumByCurrency(open.map((p) => ({ currency: p.currency, amount: p.budget }))),
    averageProgress: progress.length > 0 ? progress.reduce((s, v) => s + v, 0) / progress.length : 0,
    tasks: tasks.filter((t) => openIds.has(t.projectId)).length,
    overdueTasks: tasks.filter((t) => openIds.has(t.projectId) && !isDone(t) && t.endDate < today).length,
    risks: {
      high: risks.filter((i) => i.severity === 'high').length,
      medium: risks.filter((i) => i.severity === 'medium').length,
      low: risks.filter((i) => i.severity === 'low').length,
    },
    opportunities: insights.filter((i) => i.type === 'opportunity').length,
    recommendations: insights.filter((i) => i.type === 'recommendation').length,
    potentialSavings: sumByCurrency(
      insights.map((i) => ({
        currency: (i.projectId === null ? undefined : currencyOf.get(i.projectId)) ?? fallback,
        amount: i.potentialSavings ?? 0,
      })),
    ),
    top: sorted.slice(0, 5).map((i) => i.title),
    projectLines: open.map((p, i) => ({
      name: p.name,
      status: p.status,
      progress: Math.round(progress[i] ?? 0),
      risks: risks.filter((r) => r.projectId === p.id).length,
    })),
  };
}

/** The built-in written summary of the facts. */
export function portfolioSummary(f: PortfolioFacts): string {
  if (f.projects === 0)
    return 'There are no projects yet. Create a project to see its risks, opportunities and recommendations here.';
  if (f.openProjects === 0)
    return `All ${plural(f.projects, 'project')} are completed; there is no open work to analyse.`;
  const riskCount = f.risks.high + f.risks.medium + f.risks.low;
  const parts = [
    `${plural(f.openProjects, 'open project')} with ${formatAmounts(f.budget, 'no budget set')}${f.budget.length > 0 ? ' of budget' : ''} and ${plural(f.tasks, 'task')}, ${Math.round(f.averageProgress)}% complete on average; ${f.overdueTasks === 0 ? 'no task is overdue' : `${plural(f.overdueTasks, 'task is', 'tasks are')} overdue`}.`,
  ];
  if (riskCount + f.opportunities + f.recommendations === 0) {
    parts.push('The analysis found no active risks or opportunities.');
  } else {
    parts.push(
      `The analysis found ${plural(riskCount, 'active risk')} (${f.risks.high} high, ${f.risks.medium} medium, ${f.risks.low} low), ${plural(f.opportunities, 'opportunity', 'opportunities')} and ${plural(f.recommendations, 'recommendation')}.`,
    );
  }
  const atRisk = f.projectLines.filter((p) => p.risks > 0).sort((a, b) => b.risks - a.risks);
  if (atRisk.length > 0) {
    parts.push(
      `Most exposed: ${atRisk
        .slice(0, 3)
        .map((p) => `${p.name} (${plural(p.risks, 'risk')}, ${p.progress}% complete)`)
        .join(', ')}.`,
    );
  }
  if (f.top.length > 0) parts.push(`Start with: ${f.top.slice(0, 3).join('; ')}.`);
  const savings = f.potentialSavings.filter((s) => s.amount > 0);
  if (savings.length > 0)
    parts.push(`The opportunities found could save about ${formatAmounts(savings, '')}.`);
  return parts.join(' ');
}
