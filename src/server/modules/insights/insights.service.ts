/**
 * The company's insights, one owner for `ai_insights`: the rules' findings (replaced on Refresh
 * Analysis, brought up to date in the background after schedule changes), the plan generator's first insights,
 * dismissals, and the written portfolio analysis. See README.md beside this file.
 */
import type { InsightDto } from '../../../contracts/ai.js';
import type { PortfolioAnalysisDto } from '../../../contracts/insights.js';
import type { InsightDraft } from '../../../domain/estimate/types.js';
import {
  computeInsights,
  type InsightFinding,
  portfolioFacts,
  portfolioSummary,
} from '../../../domain/insights/index.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { requireProject } from '../projects/project-scope.js';
import { companyInsightInput } from './company-data.js';
import { planFingerprint, subjectOf } from './insight-subjects.js';
import { toInsightDto } from './insights.dto.js';
import { type InsightRow, insightsRepo, type NewInsightRow } from './insights.repo.js';
import type { SummaryWriter } from './summary-writer.js';

const money = (n: number | null) => (n === null ? null : n.toFixed(2));

function rowOf(f: InsightFinding, createdBy: string | null): NewInsightRow {
  return {
    projectId: f.projectId,
    taskId: f.taskId,
    type: f.type,
    severity: f.severity,
    title: f.title.slice(0, 500),
    description: f.description,
    impact: f.impact,
    recommendation: f.recommendation,
    potentialSavings: money(f.potentialSavings),
    source: 'engine',
    fingerprint: f.key,
    createdBy,
  };
}

/** A plan's insight as stored: fingerprinted by its code, project and the tasks it is about. */
function planRow(
  d: InsightDraft,
  projectId: number,
  tasks: readonly { id: number; name: string }[],
  createdBy: string,
): NewInsightRow & { fingerprint: string } {
  return {
    projectId,
    type: d.type,
    severity: d.severity,
    title: d.title.slice(0, 500),
    description: d.description,
    impact: d.impact,
    recommendation: d.recommendation,
    potentialSavings: money(d.potentialSavings),
    source: 'plan',
    fingerprint: planFingerprint(d, projectId, tasks),
    createdBy,
  };
}

/** Whether a stored insight still says exactly what the finding says. */
function unchanged(row: InsightRow, f: InsightFinding): boolean {
  return (
    row.projectId === f.projectId &&
    row.taskId === f.taskId &&
    row.type === f.type &&
    row.severity === f.severity &&
    row.title === f.title.slice(0, 500) &&
    row.description === f.description &&
    row.impact === f.impact &&
    row.recommendation === f.recommendation &&
    row.potentialSavings === money(f.potentialSavings)
  );
}

export function insightsService(ctx: AppContext, writer?: SummaryWriter) {
  const { db } = ctx;

  /**
   * The rules' findings on the company's data as the transaction sees it, less the dismissed ones;
   * the plan's insights the rules find too (dismissed or not) are deactivated: listed once, the
   * rules' version, computed from the data as it is now.
   */
  async function findings(tx: Db, companyId: number): Promise<InsightFinding[]> {
    const input = await companyInsightInput(tx, companyId, ctx.now());
    const dismissed = await insightsRepo.dismissedKeys(tx, companyId);
    const all = computeInsights(input);
    const found = new Set(all.flatMap((f) => subjectOf(f.key) ?? []));
    const superseded = (await insightsRepo.activeFromPlan(tx, companyId)).filter((r) => {
      const subject = subjectOf(r.fingerprint);
      return subject !== null && found.has(subject);
    });
    await insightsRepo.deactivate(
      tx,
      companyId,
      superseded.map((r) => r.id),
    );
    return all.filter((f) => !dismissed.has(f.key));
  }

  /**
   * Brings the rules' insights up to date in the caller's transaction: a finding that says the same
   * as its active insight keeps it; a changed one replaces it; one no longer found is deactivated.
   */
  async function update(tx: Db, companyId: number, userId: string | null) {
    await insightsRepo.lock(tx, companyId);
    const found = await findings(tx, companyId);
    const active = await insightsRepo.activeFromEngine(tx, companyId);
    const byKey = new Map(active.map((r) => [r.fingerprint, r]));
    const kept = new Set<number>();
    const added: NewInsightRow[] = [];
    for (const f of found) {
      const row = byKey.get(f.key);
      if (row && unchanged(row, f) && !kept.has(row.id)) kept.add(row.id);
      else added.push(rowOf(f, userId));
    }
    await insightsRepo.deactivate(
      tx,
      companyId,
      active.filter((r) => !kept.has(r.id)).map((r) => r.id),
    );
    await insightsRepo.insert(tx, companyId, added);
  }

  return {
    /** `GET /api/ai-insights`: the active insights, newest first, of one project when asked. */
    async list(tenant: Tenant, projectId: number | undefined): Promise<InsightDto[]> {
      if (projectId !== undefined) await requireProject(db, tenant.companyId, projectId);
      return (await insightsRepo.listActive(db, tenant.companyId, projectId)).map(toInsightDto);
    },

    /**
     * `POST /api/ai-insights/refresh`: every active insight of the rules is deactivated (kept as
     * history) and the rules' findings are written afresh, in one transaction. The plan
     * generator's insights stay until dismissed: they were read from an estimate, not the data.
     */
    async refresh(tenant: Tenant): Promise<InsightDto[]> {
      await db.transaction(async (tx) => {
        await insightsRepo.lock(tx, tenant.companyId);
        const found = await findings(tx, tenant.companyId);
        const active = await insightsRepo.activeFromEngine(tx, tenant.companyId);
        await insightsRepo.deactivate(
          tx,
          tenant.companyId,
          active.map((r) => r.id),
        );
        await insightsRepo.insert(
          tx,
          tenant.companyId,
          found.map((f) => rowOf(f, tenant.userId)),
        );
      });
      return (await insightsRepo.listActive(db, tenant.companyId)).map(toInsightDto);
    },

    /**
     * After a schedule change, in the caller's transaction: only asks for a refresh of the company's
     * insights, which runs in the background once that transaction has committed (see
     * insights-refresh.ts). The schedule's write neither waits for the rules nor shares their locks.
     */
    async afterScheduleChange(tx: Db, tenant: Tenant): Promise<void> {
      await ctx.insightsRefresh.requestAfterCommit(tx, tenant.companyId);
    },

    /**
     * The background refresh's work: {@link update} in a transaction of its own. Written by no one in
     * particular: the changes that asked for it may not be one user's.
     */
    async refreshInBackground(companyId: number): Promise<void> {
      await db.transaction((tx) => update(tx, companyId, null));
    },

    /**
     * The plan generator's insights for a project, in its transaction; answers them with the rules'
     * active insights of the project on its new schedule.
     */
    async savePlanInsights(tx: Db, tenant: Tenant, projectId: number, drafts: readonly InsightDraft[]) {
      const tasks = await insightsRepo.projectTaskNames(tx, tenant.companyId, projectId);
      const rows = drafts.map((d) => planRow(d, projectId, tasks, tenant.userId));
      // A newer plan's finding replaces the one an earlier plan of the project stored under the
      // same fingerprint (its budget comparison, its long-lead risk): each is listed once.
      const fingerprints = new Set(rows.map((r) => r.fingerprint));
      const earlier = (await insightsRepo.activeFromPlan(tx, tenant.companyId)).filter(
        (r) => r.fingerprint !== null && fingerprints.has(r.fingerprint),
      );
      await insightsRepo.deactivate(
        tx,
        tenant.companyId,
        earlier.map((r) => r.id),
      );
      const saved = await insightsRepo.insert(tx, tenant.companyId, rows);
      // The plan answers the rules' insights of the project on its new schedule, so they are brought
      // up to date here, in the plan's transaction (a plan is saved once per estimate, not on every
      // edit), inside a savepoint: a failure keeps the previous ones and never fails the plan.
      try {
        await tx.transaction((sp) => update(sp, tenant.companyId, null));
      } catch (err) {
        const cause = err instanceof Error && err.cause ? ` (${String(err.cause)})` : '';
        process.emitWarning(`Insights were not brought up to date for the new plan: ${String(err)}${cause}`);
      }
      const active = await insightsRepo.listActive(tx, tenant.companyId, projectId);
      const stillActive = new Set(active.map((r) => r.id));
      const fromRules = active.filter((r) => r.source === 'engine');
      return [...saved.filter((r) => stillActive.has(r.id)), ...fromRules].map(toInsightDto);
    },

    /** Dismisses an insight: inactive from now on, and a refresh does not raise it again; 404 for another company's. */
    async dismiss(tenant: Tenant, id: number): Promise<InsightDto> {
      const row = await insightsRepo.dismiss(db, tenant.companyId, id, tenant.userId, ctx.now());
      if (!row) throw notFound('insight');
      return toInsightDto(row);
    },

    /** `GET /api/ai-portfolio-analysis`: the summary of the portfolio (or one project) and its active insights. */
    async portfolioAnalysis(tenant: Tenant, projectId: number | undefined): Promise<PortfolioAnalysisDto> {
      if (projectId !== undefined) await requireProject(db, tenant.companyId, projectId);
      const { input, insights } = await db.transaction(async (tx) => ({
        input: await companyInsightInput(tx, tenant.companyId, ctx.now()),
        insights: await insightsRepo.listActive(tx, tenant.companyId, projectId),
      }));
      const inView = (id: number) => projectId === undefined || id === projectId;
      const facts = portfolioFacts(
        input.today,
        input.projects.filter((p) => inView(p.id)),
        input.tasks.filter((t) => inView(t.projectId)),
        insights.map((i) => ({
          projectId: i.projectId,
          type: i.type,
          severity: i.severity,
          title: i.title,
          potentialSavings: i.potentialSavings === null ? null : Number(i.potentialSavings),
        })),
      );
      // Without a writer (services that only keep insights) the built-in text is the answer.
      return { analysis: writer ? await writer.write(facts) : portfolioSummary(facts) };
    },
  };
}
