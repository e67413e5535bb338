/**
 * `planInsights`: named rules over the analysis and its schedule → risks, opportunities and
 * recommendations for the project's first insights.
 */

import { readingChecks } from './insights-reading.js';
import { statedLeadTime } from './lead-time-text.js';
import { formatMoney } from './numbers.js';
import {
  ALLOWANCE_SHARE_NOTABLE,
  BUDGET_TOLERANCE,
  COLD_WEATHER_MONTHS,
  GENERAL_CONDITIONS_SHARE_PER_DAY,
  OVERLAP_MIN_SAVING_DAYS,
  OVERLAP_OPPORTUNITY_MIN_DAYS,
  OVERLAP_SHARE,
} from './rates.js';
import { short } from './read-estimate.js';
import type { EstimateDocument, InsightDraft, PlanInsightInput, WorkPackage } from './types.js';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The whole estimate: its stated grand total, else work + allowances + charges. */
export function estimateTotal(doc: EstimateDocument): number {
  if (doc.grandTotal != null && doc.grandTotal > 0) return doc.grandTotal;
  const work = doc.statedTotal ?? doc.itemsTotal;
  const allowances =
    doc.allowanceTotal ??
    doc.items.filter((i) => i.kind === 'allowance').reduce((s, i) => s + (i.amount ?? 0), 0);
  return work + allowances + (doc.chargesTotal ?? 0);
}

function dayNumber(iso: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  return Math.round(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000);
}

function monthsBetween(start: string, end: string): number[] {
  const a = /^(\d{4})-(\d{2})/.exec(start);
  const b = /^(\d{4})-(\d{2})/.exec(end);
  if (!a || !b) return [];
  const months: number[] = [];
  let y = Number(a[1]);
  let m = Number(a[2]);
  const endY = Number(b[1]);
  const endM = Number(b[2]);
  while ((y < endY || (y === endY && m <= endM)) && months.length < 36) {
    months.push(m);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return months;
}

function list(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function pct(v: number): string {
  return `${(Math.round(v * 1000) / 10).toFixed(1).replace(/\.0$/, '')}%`;
}

type Rule = (input: PlanInsightInput, ctx: Context) => InsightDraft[];

interface Context {
  currency: string | null;
  total: number;
  scheduled: Map<string, PlanInsightInput['scheduled'][number]>;
}

const budgetRule: Rule = (input, { currency, total }) => {
  if (input.budget === null || !(input.budget > 0) || !(total > 0)) return [];
  const diff = input.budget - total;
  const share = Math.abs(diff) / total;
  if (share <= BUDGET_TOLERANCE) return [];
  const money = (v: number) => formatMoney(v, currency);
  if (diff < 0) {
    return [
      {
        code: 'budget-below-estimate',
        type: 'risk',
        severity: share > 0.15 ? 'high' : 'medium',
        title: 'Budget is below the estimate',
        description: `The project budget of ${money(input.budget)} is ${money(-diff)} (${pct(share)}) below the estimate total of ${money(total)}.`,
        impact: `Without a change the job is underfunded by ${money(-diff)}.`,
        recommendation:
          'Confirm the budget with the owner, value-engineer the largest packages, or carry the difference as a change order before work starts.',
        potentialSavings: null,
      },
    ];
  }
  return [
    {
      code: 'budget-above-estimate',
      type: 'opportunity',
      severity: 'low',
      title: 'Budget exceeds the estimate',
      description: `The project budget of ${money(input.budget)} is ${money(diff)} (${pct(share)}) above the estimate total of ${money(total)}.`,
      impact: `${money(diff)} of budget is not assigned to any work package.`,
      recommendation:
        'Check the estimate for missing scope; otherwise hold the difference as a named contingency or return it to the owner.',
      potentialSavings: Math.round(diff),
    },
  ];
};

const brokenTotalRule: Rule = (input) => {
  const broken = input.document.problems.filter(
    (p) => p.code === 'broken-total' || p.code === 'broken-cells',
  );
  if (broken.length === 0) return [];
  return [
    {
      code: 'broken-estimate-total',
      type: 'risk',
      severity: 'high',
      title: 'The estimate has broken totals',
      description: `${broken
        .slice(0, 4)
        .map((p) => p.message)
        .join(' ')}${broken.length > 4 ? ` (${broken.length - 4} more)` : ''}`,
      impact:
        'The document does not state a reliable total; the plan was costed from the line items that could be read.',
      recommendation:
        'Ask the estimator to repair the spreadsheet formulas (#REF!) and confirm the total of works.',
      potentialSavings: null,
    },
  ];
};

const mismatchRule: Rule = (input, { currency }) => {
  const doc = input.document;
  const p = doc.problems.find((x) => x.code === 'total-mismatch');
  if (!p || doc.statedTotal === null) return [];
  return [
    {
      code: 'estimate-total-mismatch',
      type: 'risk',
      severity: 'medium',
      title: "The estimate's items don't add up to its total",
      description: p.message,
      impact: `Task costs follow the items (${formatMoney(doc.itemsTotal, currency)}), not the stated ${formatMoney(doc.statedTotal, currency)}.`,
      recommendation: 'Reconcile the line items with the stated total before committing the budget.',
      potentialSavings: null,
    },
  ];
};

/** "Cabinets and millwork (10–12 weeks as the estimate states, 60 working days, 2026-03-02 to 2026-05-22)". */
function orderWords(p: WorkPackage, s: PlanInsightInput['scheduled'][number] | undefined): string {
  const what = p.name.replace(/^Procure /, '');
  const stated = p.durationBasis.startsWith('lead time stated')
    ? statedLeadTime(p.durationBasis, true)
    : null;
  const lead = `${stated ? `${stated.said} as the estimate states, ` : ''}${p.durationDays} working days`;
  const dates = s ? `, ordered ${s.startDate} and delivered by ${s.endDate}` : '';
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} (${lead}${dates})`;
}

const longLeadRule: Rule = (input, { scheduled }) => {
  const critical = input.packages.filter((p) => p.isProcurement && scheduled.get(p.key)?.isCritical === true);
  if (critical.length === 0) return [];
  const names = critical.map((p) => p.name.replace(/^Procure /, ''));
  return [
    {
      code: 'long-lead-on-critical-path',
      type: 'risk',
      severity: 'high',
      title: 'Long-lead items drive the finish date',
      description: `${list(critical.map((p) => orderWords(p, scheduled.get(p.key))))} ${critical.length === 1 ? 'is' : 'are'} on the critical path: any delivery delay moves the finish.`,
      impact: `A week's delay in ${list(names)} is a week's delay to completion.`,
      recommendation: `Release submittals and orders for ${list(names)} at award, confirm delivery dates in writing, and track them weekly.`,
      potentialSavings: null,
    },
  ];
};

const winterRule: Rule = (input) => {
  const state = input.state?.trim().toUpperCase() ?? '';
  const cold = COLD_WEATHER_MONTHS[state];
  if (!cold) return [];
  const sensitive = input.packages.filter((p) =>
    ['foundation', 'concrete', 'site-work', 'excavation', 'paving', 'masonry', 'utilities'].includes(p.trade),
  );
  const hits: { name: string; months: number[] }[] = [];
  for (const p of sensitive) {
    const s = input.scheduled.find((x) => x.key === p.key);
    if (!s) continue;
    const months = [...new Set(monthsBetween(s.startDate, s.endDate).filter((m) => cold.includes(m)))];
    if (months.length > 0) hits.push({ name: p.name, months });
  }
  if (hits.length === 0) return [];
  const allMonths = [...new Set(hits.flatMap((h) => h.months))].sort(
    (a, b) => ((a + 6) % 12) - ((b + 6) % 12),
  );
  return [
    {
      code: 'winter-concrete',
      type: 'risk',
      severity: hits.some((h) => h.name.match(/concrete|foundation/i)) ? 'high' : 'medium',
      title: 'Concrete and site work scheduled in winter',
      description: `${list(hits.map((h) => `${h.name} (${list(h.months.map((m) => MONTH_NAMES[m - 1] ?? ''))})`))} fall in ${state}'s cold months (${list(allMonths.map((m) => MONTH_NAMES[m - 1] ?? ''))}).`,
      impact:
        'Frozen ground and cold-weather concreting (ACI 306) slow the work and add heating, blankets and accelerators.',
      recommendation:
        'Move the start so foundations are poured before the freeze, or budget cold-weather protection and allow extra days.',
      potentialSavings: null,
    },
  ];
};

const lateFinishRule: Rule = (input) => {
  if (!input.projectEndDate) return [];
  const end = dayNumber(input.projectEndDate);
  const finish = dayNumber(input.finishDate);
  if (end === null || finish === null || finish <= end) return [];
  const days = finish - end;
  return [
    {
      code: 'finish-after-end-date',
      type: 'risk',
      severity: days > 14 ? 'high' : 'medium',
      title: 'Scheduled finish is after the planned end date',
      description: `The schedule finishes on ${input.finishDate}, ${days} calendar day${days === 1 ? '' : 's'} after the project's planned end date of ${input.projectEndDate}.`,
      impact: 'Liquidated damages, extended general conditions or an unhappy owner.',
      recommendation:
        'Overlap trades with float, add crews to the longest critical packages, or agree a new end date now.',
      potentialSavings: null,
    },
  ];
};

const allowanceRule: Rule = (input, { currency, total }) => {
  const doc = input.document;
  const allowance =
    doc.allowanceTotal ??
    doc.items.filter((i) => i.kind === 'allowance').reduce((s, i) => s + (i.amount ?? 0), 0);
  if (!(total > 0) || allowance / total < ALLOWANCE_SHARE_NOTABLE) return [];
  const items = doc.items.filter((i) => i.kind === 'allowance');
  return [
    {
      code: 'allowance-share',
      type: 'recommendation',
      severity: allowance / total > 0.1 ? 'medium' : 'low',
      title: 'Allowances and contingencies are a large share',
      description: `${formatMoney(allowance, currency)} (${pct(allowance / total)} of ${formatMoney(total, currency)}) is carried as allowances or contingency: ${list(items.slice(0, 4).map((i) => short(i.description, 40)))}.`,
      impact: 'Allowances are budget without scope: selections made late can change cost and schedule.',
      recommendation:
        'Fix the selections behind the allowances early and release unused contingency as the work is bought out.',
      potentialSavings: null,
    },
  ];
};

const SKIP_FOR_OVERLAP = new Set([
  'permits',
  'inspections',
  'procurement',
  'punch-list',
  'closeout',
  'general-conditions',
]);

const overlapRule: Rule = (input, { currency, total, scheduled }) => {
  const critical = input.packages
    .filter((p) => !SKIP_FOR_OVERLAP.has(p.trade) && !p.isProcurement && scheduled.get(p.key)?.isCritical)
    .map((p) => ({ p, s: scheduled.get(p.key) }))
    .filter((x): x is { p: WorkPackage; s: NonNullable<typeof x.s> } => x.s !== undefined)
    .sort((a, b) => a.s.startDate.localeCompare(b.s.startDate));
  let best: { a: WorkPackage; b: WorkPackage; days: number } | null = null;
  for (let i = 0; i + 1 < critical.length; i++) {
    const a = critical[i];
    const b = critical[i + 1];
    if (!a || !b) continue;
    if (a.s.endDate >= b.s.startDate) continue;
    const days = Math.floor(Math.min(a.p.durationDays, b.p.durationDays) * OVERLAP_SHARE);
    if (days >= OVERLAP_MIN_SAVING_DAYS && (!best || days > best.days)) best = { a: a.p, b: b.p, days };
  }
  const out: InsightDraft[] = [];
  if (best) {
    const savings = total > 0 ? Math.round(total * GENERAL_CONDITIONS_SHARE_PER_DAY * best.days) : null;
    out.push({
      code: 'overlap-critical-trades',
      type: 'opportunity',
      severity: 'medium',
      title: `Overlap ${best.a.name.toLowerCase()} and ${best.b.name.toLowerCase()}`,
      description: `${best.a.name} (${best.a.durationDays} days) and ${best.b.name} (${best.b.durationDays} days) run one after the other on the critical path. Starting ${best.b.name.toLowerCase()} in areas ${best.a.name.toLowerCase()} has finished could pull the finish in by about ${best.days} working days.`,
      impact: `About ${best.days} working days off the schedule${savings ? ` and roughly ${formatMoney(savings, currency)} of time-related costs` : ''}.`,
      recommendation: `Split the work by floor or area and start ${best.b.name.toLowerCase()} behind ${best.a.name.toLowerCase()} with a start-to-start lag.`,
      potentialSavings: savings,
      about: [best.a.name, best.b.name],
    });
  }
  const floaters = input.packages
    .filter((p) => !SKIP_FOR_OVERLAP.has(p.trade) && !p.isProcurement)
    .map((p) => ({ p, s: scheduled.get(p.key) }))
    .filter((x) => x.s && !x.s.isCritical && x.s.totalFloat >= OVERLAP_OPPORTUNITY_MIN_DAYS)
    .sort((a, b) => (b.s?.totalFloat ?? 0) - (a.s?.totalFloat ?? 0));
  const top = floaters[0];
  if (top?.s) {
    out.push({
      code: 'float-for-crews',
      type: 'opportunity',
      severity: 'low',
      title: `${top.p.name} has ${Math.round(top.s.totalFloat)} days of float`,
      description: `${list(floaters.slice(0, 3).map((f) => `${f.p.name} (${Math.round(f.s?.totalFloat ?? 0)} days)`))} can slip without moving the finish.`,
      impact: 'Float lets you share crews with critical work or buy materials later.',
      recommendation: `Use the float to move crews onto critical packages, or schedule ${top.p.name.toLowerCase()} to level labour.`,
      potentialSavings: null,
    });
  }
  return out;
};

const unreadableRule: Rule = (input) => {
  if (!input.document.problems.some((p) => p.code === 'no-items')) return [];
  return [
    {
      code: 'estimate-unreadable',
      type: 'risk',
      severity: 'high',
      title: 'No line items could be read from the estimate',
      description: 'The plan has only the standard tasks (permits, inspections, punch list, closeout).',
      impact: 'Trades, costs and durations are missing from the schedule.',
      recommendation:
        'Upload the estimate as a spreadsheet or a PDF with a text layer, or add the tasks by hand.',
      potentialSavings: null,
    },
  ];
};

/** The rules, in the order their insights are listed. */
export const INSIGHT_RULES: readonly (readonly [string, Rule])[] = [
  ['budget', budgetRule],
  ['broken-estimate-total', brokenTotalRule],
  ['estimate-total-mismatch', mismatchRule],
  ['estimate-unreadable', unreadableRule],
  ['estimate-reading-to-check', (input) => readingChecks(input.document)],
  ['long-lead-on-critical-path', longLeadRule],
  ['winter-concrete', winterRule],
  ['finish-after-end-date', lateFinishRule],
  ['allowance-share', allowanceRule],
  ['overlap', overlapRule],
];

export function planInsights(input: PlanInsightInput): InsightDraft[] {
  const ctx: Context = {
    currency: input.document.currency,
    total: estimateTotal(input.document),
    scheduled: new Map(input.scheduled.map((s) => [s.key, s] as const)),
  };
  return INSIGHT_RULES.flatMap(([, rule]) => rule(input, ctx));
}
