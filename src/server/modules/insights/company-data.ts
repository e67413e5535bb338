/** The company's rows → the plain data the insight rules read, and the company's today. */
import type { InsightInput, InsightTask } from '../../../domain/insights/index.js';
import type { Db } from '../../db/client.js';
import { insightsRepo } from './insights.repo.js';

const isoDateOf = (value: Date) => value.toISOString().slice(0, 10);

/** The calendar date of `now` in the company's time zone (UTC when the zone is unknown). */
export function todayIn(timezone: string | null | undefined, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timezone ?? 'UTC', dateStyle: 'short' }).format(now);
  } catch {
    return isoDateOf(now);
  }
}

function materialNames(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.flatMap((m) =>
      typeof m === 'string' ? [m] : m && typeof m === 'object' && 'name' in m ? [String(m.name)] : [],
    );
  } catch {
    return [];
  }
}

type TaskRow = Awaited<ReturnType<typeof insightsRepo.tasks>>[number];

function toInsightTask(row: TaskRow): InsightTask {
  const name = row.assigneeName ?? 'An assignee';
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    description: row.description,
    phase: row.phase,
    status: row.status,
    progress: row.progress,
    duration: row.duration,
    startDate: isoDateOf(row.startDate),
    endDate: isoDateOf(row.endDate),
    isCritical: row.isCritical,
    dependencies: row.dependencies,
    estimatedCost: row.estimatedCost === null ? null : Number(row.estimatedCost),
    materialsStatus: row.materialsStatus,
    materialsExpectedDate: row.materialsExpectedDate,
    materials: materialNames(row.materials),
    startNoEarlierThan: row.startNoEarlierThan,
    assignee: row.assignedTo
      ? { kind: 'member', id: row.assignedTo, name }
      : row.assignedContactId !== null
        ? { kind: 'contact', id: row.assignedContactId, name }
        : null,
  };
}

/** Everything the rules look at for one company, read in the caller's transaction. */
export async function companyInsightInput(db: Db, companyId: number, now: Date): Promise<InsightInput> {
  const company = await insightsRepo.company(db, companyId);
  const [projectRows, taskRows, contactRows] = [
    await insightsRepo.projects(db, companyId),
    await insightsRepo.tasks(db, companyId),
    await insightsRepo.contacts(db, companyId),
  ];
  return {
    today: todayIn(company?.timezone, now),
    state: company?.state ?? null,
    projects: projectRows.map((p) => ({
      id: p.id,
      name: p.name,
      status: p.status,
      budget: Number(p.budget),
      currency: p.currency,
      progress: p.progress,
      startDate: isoDateOf(p.startDate),
      endDate: isoDateOf(p.endDate),
      calendar: p.calendar,
    })),
    tasks: taskRows.map(toInsightTask),
    contacts: contactRows.map((c) => ({ ...c, specialties: c.specialties ?? [] })),
  };
}
