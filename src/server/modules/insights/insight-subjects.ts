/**
 * What an insight is about, so one finding is listed once however many sources raise it. The plan
 * generator and the company-wide rules can both find the same saving: overlapping the same two
 * tasks of a project. Its subject is `overlap:p<project>:t<first>-t<second>`, read from either's
 * fingerprint; the rules' insight (computed from the data as it is now) replaces the plan's.
 * Insights of other kinds have no shared subject: each source's fingerprint is its own.
 */
import type { InsightDraft } from '../../../domain/estimate/types.js';

/** Findings of the two sources that are the same thing when about the same tasks. */
const SAME_FINDING: Readonly<Record<string, string>> = {
  resequence: 'overlap',
  'plan:overlap-critical-trades': 'overlap',
};

const FINGERPRINT = /^((?:plan:)?[a-z-]+):(p\d+:t\d+-t\d+)$/;

/** The subject of an insight by its fingerprint; null when no other source could raise it. */
export function subjectOf(fingerprint: string | null): string | null {
  const m = fingerprint ? FINGERPRINT.exec(fingerprint) : null;
  const kind = m?.[1] ? SAME_FINDING[m[1]] : undefined;
  return kind && m?.[2] ? `${kind}:${m[2]}` : null;
}

/** Task names as the plan writes them onto its tasks. */
const asStored = (name: string) => name.trim().slice(0, 300);

/**
 * The fingerprint of a plan insight: its code and project, and the tasks it is about when the
 * draft names them and each name is a task of the project (the newest of that name: the plan's own).
 */
export function planFingerprint(
  draft: InsightDraft,
  projectId: number,
  tasks: readonly { id: number; name: string }[],
): string {
  const base = `plan:${draft.code}:p${projectId}`;
  if (!draft.about || draft.about.length === 0) return base;
  const newest = new Map<string, number>();
  for (const t of tasks) newest.set(t.name, Math.max(t.id, newest.get(t.name) ?? 0));
  const ids = draft.about.map((name) => newest.get(asStored(name)));
  if (ids.some((id) => id === undefined)) return base;
  return `${base}:${ids.map((id) => `t${id}`).join('-')}`;
}
