/**
 * Weather-sensitive work (site work, concrete, framing, roofing, exterior) scheduled in the
 * project's adverse months: the months in which the region's adverse-weather table expects at
 * least `ADVERSE_MONTH_DAYS` working days lost.
 */
import { adverseWeatherRegion, weatherSensitiveTrade, weatherTradeOf } from '../../schedule/index.js';
import { plural, quotedList } from '../format.js';
import { isDone } from '../project-views.js';
import type { InsightTask } from '../types.js';
import type { InsightRule } from './rule.js';

/** A month losing this many working days (of about 21) to weather is an adverse month. */
export const ADVERSE_MONTH_DAYS = 5;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The months (1–12) a date range touches, in order, each once. */
export function monthsOf(start: string, end: string): number[] {
  const months: number[] = [];
  let year = Number(start.slice(0, 4));
  let month = Number(start.slice(5, 7));
  const endYear = Number(end.slice(0, 4));
  const endMonth = Number(end.slice(5, 7));
  while ((year < endYear || (year === endYear && month <= endMonth)) && months.length < 12) {
    months.push(month);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

export const weatherWindow: InsightRule = ({ input, views }) => {
  const region = input.state ? adverseWeatherRegion(input.state) : null;
  if (!region) return [];
  const adverse = new Set(region.days.flatMap((d, i) => (d >= ADVERSE_MONTH_DAYS ? [i + 1] : [])));
  if (adverse.size === 0) return [];
  const adverseNames = [...adverse].map((m) => MONTHS[m - 1]).join(', ');
  return views.flatMap((view) => {
    const hits: { task: InsightTask; months: number[]; critical: boolean; weatherDays: number }[] = [];
    for (const task of view.tasks) {
      if (isDone(task) || task.duration <= 0 || weatherSensitiveTrade(weatherTradeOf(task)) === null)
        continue;
      const scheduled = view.current.get(task.id);
      const start = scheduled?.startDate ?? task.startDate;
      const end = scheduled?.endDate ?? task.endDate;
      if (end < input.today) continue;
      const months = monthsOf(start, end).filter((m) => adverse.has(m));
      if (months.length === 0) continue;
      hits.push({
        task,
        months,
        critical: scheduled?.isCritical ?? task.isCritical,
        weatherDays: scheduled?.weatherDays ?? 0,
      });
    }
    if (hits.length === 0) return [];
    hits.sort((a, b) => Number(b.critical) - Number(a.critical) || b.weatherDays - a.weatherDays);
    const lost = hits.reduce((sum, h) => sum + h.weatherDays, 0);
    const critical = hits.filter((h) => h.critical).length;
    const first = hits[0] as (typeof hits)[number];
    const named = hits
      .slice(0, 3)
      .map((h) => `"${h.task.name}" (${h.months.map((m) => MONTHS[m - 1]).join('–')})`)
      .join(', ');
    return [
      {
        rule: 'weather-window',
        key: `weather-window:p${view.project.id}`,
        projectId: view.project.id,
        taskId: first.task.id,
        type: 'risk' as const,
        severity: critical > 0 && lost >= ADVERSE_MONTH_DAYS ? ('high' as const) : ('medium' as const),
        title: `Weather-sensitive work in "${view.project.name}" falls in adverse months`,
        description:
          `${plural(hits.length, 'weather-sensitive task')} of "${view.project.name}" ${hits.length === 1 ? 'is' : 'are'} scheduled in the ${region.name} region's adverse months (${adverseNames}: ${ADVERSE_MONTH_DAYS} or more working days lost a month): ${named}${hits.length > 3 ? ` and ${hits.length - 3} more` : ''}. ` +
          `The schedule carries ${plural(lost, 'working day')} of weather allowance for them${critical > 0 ? `; ${plural(critical, 'is', 'are')} on the critical path` : ''}.`,
        impact:
          critical > 0
            ? 'Weather beyond the allowance on critical work moves the finish day for day.'
            : "Weather beyond the allowance uses up these tasks' float.",
        recommendation: `Move ${quotedList(
          hits.map((h) => h.task.name),
          2,
        )} out of the adverse months where the sequence allows, or plan protection (enclosures, heating, dewatering) and indoor work for those weeks.`,
        potentialSavings: null,
      },
    ];
  });
};
