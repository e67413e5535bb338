/**
 * Float that allows resequencing (an opportunity): a critical task waiting for its critical
 * predecessor to finish could start once the predecessor is about two-thirds done. The schedule is
 * re-run from today with that overlap; the other paths' float bounds what the finish gains.
 */
import {
  GENERAL_CONDITIONS_SHARE_PER_DAY,
  OVERLAP_MIN_SAVING_DAYS,
  OVERLAP_SHARE,
} from '../../estimate/rates.js';
import type { ScheduleLink } from '../../schedule/index.js';
import { formatMoney, plural } from '../format.js';
import { type ProjectView, scheduleOf } from '../project-views.js';
import type { InsightFinding } from '../types.js';
import type { InsightRule } from './rule.js';

/** Tasks shorter than this (working days) are not worth overlapping. */
export const MIN_OVERLAP_TASK_DAYS = 3;
/** At most this many critical links (the largest overlaps) are tried per project. */
const MAX_TRIES = 8;

interface Try {
  link: ScheduleLink<number>;
  overlap: number;
  saving: number;
  finish: string;
}

/** The critical finish-to-start links whose tasks are long enough to overlap, largest overlap first. */
function candidates(view: ProjectView) {
  const byId = new Map((view.fromToday?.tasks ?? []).map((t) => [t.id, t]));
  const input = new Map(view.todayTasks.map((t) => [t.id, t]));
  const stored = new Map(view.tasks.map((t) => [t.id, t]));
  const found: { link: ScheduleLink<number>; remaining: number; overlap: number }[] = [];
  for (const link of view.links) {
    if (link.type !== 'FS') continue;
    const a = byId.get(link.predecessorId);
    const b = byId.get(link.successorId);
    const successor = stored.get(link.successorId);
    if (!a?.isCritical || !b?.isCritical || !successor || successor.progress > 0) continue;
    const remaining = input.get(link.predecessorId)?.duration ?? 0;
    const next = input.get(link.successorId)?.duration ?? 0;
    if (remaining < MIN_OVERLAP_TASK_DAYS || next < MIN_OVERLAP_TASK_DAYS) continue;
    const overlap = Math.floor(Math.min(remaining, next) * OVERLAP_SHARE);
    if (overlap >= OVERLAP_MIN_SAVING_DAYS) found.push({ link, remaining, overlap });
  }
  return found.sort((x, y) => y.overlap - x.overlap).slice(0, MAX_TRIES);
}

/** The overlap that moves the finish the most, found by re-running the schedule with each. */
function bestOverlap(view: ProjectView): Try | null {
  const { fromToday } = view;
  if (!fromToday) return null;
  let best: Try | null = null;
  for (const { link, remaining, overlap } of candidates(view)) {
    const links = view.links.map((l) =>
      l === link ? { ...l, type: 'SS' as const, lag: remaining + (l.lag ?? 0) - overlap } : l,
    );
    const rerun = scheduleOf(view.project, view.todayTasks, links, view.calendar, view.state);
    if (!rerun) continue;
    const saving = fromToday.durationDays - rerun.durationDays;
    if (saving > (best?.saving ?? 0)) best = { link, overlap, saving, finish: rerun.finishDate };
  }
  return best;
}

export const resequence: InsightRule = ({ views }) =>
  views.flatMap((view): InsightFinding[] => {
    const best = bestOverlap(view);
    if (!best || best.saving < OVERLAP_MIN_SAVING_DAYS || !view.fromToday) return [];
    const names = new Map(view.tasks.map((t) => [t.id, t.name]));
    const a = names.get(best.link.predecessorId) ?? '';
    const b = names.get(best.link.successorId) ?? '';
    const { budget } = view.project;
    const savings =
      budget > 0 ? Math.round(best.saving * budget * GENERAL_CONDITIONS_SHARE_PER_DAY * 100) / 100 : null;
    return [
      {
        rule: 'resequence',
        key: `resequence:p${view.project.id}:t${best.link.predecessorId}-t${best.link.successorId}`,
        projectId: view.project.id,
        taskId: best.link.successorId,
        type: 'opportunity',
        severity: best.saving >= 5 ? 'medium' : 'low',
        title: `Overlap "${a}" and "${b}" to finish "${view.project.name}" ${plural(best.saving, 'working day')} earlier`,
        description:
          `"${b}" waits for "${a}" to finish, both on the critical path of "${view.project.name}". ` +
          `Starting "${b}" ${plural(best.overlap, 'working day')} before "${a}" ends uses the float of the other paths: the schedule re-run from today then finishes on ${best.finish} rather than ${view.fromToday.finishDate}, ${plural(best.saving, 'working day')} earlier.`,
        impact:
          savings !== null
            ? `About ${formatMoney(savings, view.project.currency)} of general conditions saved (${plural(best.saving, 'day')} at ${GENERAL_CONDITIONS_SHARE_PER_DAY * 100}% of the ${formatMoney(budget, view.project.currency)} budget a day).`
            : `${plural(best.saving, 'working day')} earlier finish.`,
        recommendation: `Check with both crews that "${b}" can start on the finished part of "${a}", then change the link to start-to-start with a lag.`,
        potentialSavings: savings,
      },
    ];
  });
