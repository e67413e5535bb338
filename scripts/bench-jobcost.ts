/**
 * The job cost report for 5,000 cost lines: a project seeded with 500 budget lines, 100 issued
 * commitments of 5 lines and 4,500 bill, expense and labour lines over 20 cost codes and 50 tasks;
 * the median of several runs of `GET /api/projects/:id/job-cost` beside the median of the report's
 * SQL aggregate run alone on the same database. Target: the route ≤ 1.5× the SQL.
 *
 *     npm run bench:jobcost        (node --import tsx scripts/bench-jobcost.ts)
 */
import { performance } from 'node:perf_hooks';
import {
  budgetLines,
  commitmentLines,
  commitments,
  costEntries,
  costEntryLines,
} from '../src/server/db/schema/index.js';
import { withTenant } from '../src/server/db/tenant-scope.js';
import { jobCostCellsSql } from '../src/server/modules/budget/job-cost.repo.js';
import { Agent } from '../src/server/testing/harness.js';
import { startBenchApp } from './bench-app.js';

const RUNS = 15;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const { app, ctx, close } = await startBenchApp('bench-jobcost');
try {
  const agent = new Agent(app);
  await agent.signUpWithCompany({ company: 'Bench Builders' });
  const projectId = await agent.createProject({ name: 'Bench tower' });
  const taskIds: number[] = [];
  for (let i = 0; i < 50; i++)
    taskIds.push((await agent.createTask(projectId, { name: `Task ${i}`, duration: 2 })).id);
  const codes = (
    (await agent.get('/api/cost-codes')).json() as { costCodes: { id: number }[] }
  ).costCodes.map((c) => c.id);
  const companyId = ((await agent.get('/api/auth/user')).json() as { companyId: number }).companyId;
  const code = (i: number) => codes[i % codes.length] ?? null;
  const task = (i: number) => taskIds[i % taskIds.length] ?? null;
  const chunks = async <T>(rows: T[], insert: (slice: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
  };
  await withTenant(companyId, async () => {
    await chunks(
      Array.from({ length: 500 }, (_, i) => ({
        companyId,
        projectId,
        description: `Line ${i}`,
        kind: 'work',
        costType: 'material',
        costCodeId: code(i),
        taskId: task(i),
        originalCents: 100_000 + i,
      })),
      (slice) => ctx.db.insert(budgetLines).values(slice),
    );
    const made = await ctx.db
      .insert(commitments)
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          companyId,
          projectId,
          kind: 'subcontract',
          number: `SC-${String(i + 1).padStart(3, '0')}`,
          title: `Sub ${i}`,
          status: 'issued',
          issuedAt: new Date(),
        })),
      )
      .returning({ id: commitments.id });
    await chunks(
      made.flatMap((c, k) =>
        Array.from({ length: 5 }, (_, j) => ({
          companyId,
          commitmentId: c.id,
          costCodeId: code(k * 5 + j),
          taskId: task(k * 5 + j),
          description: 'Scope',
          amountCents: 50_000,
        })),
      ),
      (slice) => ctx.db.insert(commitmentLines).values(slice),
    );
    const entries = await ctx.db
      .insert(costEntries)
      .values(
        Array.from({ length: 900 }, (_, i) => ({
          companyId,
          projectId,
          kind: (['bill', 'expense', 'labor'] as const)[i % 3] ?? 'bill',
          entryDate: '2026-04-01',
          commitmentId: i % 3 === 0 ? (made[i % made.length]?.id ?? null) : null,
        })),
      )
      .returning({ id: costEntries.id });
    await chunks(
      entries.flatMap((e, k) =>
        Array.from({ length: 5 }, (_, j) => ({
          companyId,
          entryId: e.id,
          costCodeId: code(k * 5 + j),
          taskId: task(k * 5 + j),
          description: 'Cost',
          amountCents: 1_000 + j,
        })),
      ),
      (slice) => ctx.db.insert(costEntryLines).values(slice),
    );
  });

  const time = async (work: () => Promise<unknown>) => {
    await work();
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await work();
      runs.push(performance.now() - start);
    }
    return median(runs);
  };
  const route = await time(async () => {
    const res = await agent.get(`/api/projects/${projectId}/job-cost`);
    if (res.statusCode !== 200) throw new Error(`job cost ${res.statusCode}: ${res.body}`);
  });
  const sqlAlone = await time(() =>
    withTenant(companyId, () => ctx.db.execute(jobCostCellsSql(companyId, projectId))),
  );
  console.log('Job cost report, 5,000 cost lines (500 budget, 500 commitment, 4,500 cost entry lines)');
  console.log(`  GET /api/projects/:id/job-cost  median ${route.toFixed(1)} ms over ${RUNS} runs`);
  console.log(`  the same SQL aggregate alone    median ${sqlAlone.toFixed(1)} ms`);
  console.log(`  ratio ${(route / sqlAlone).toFixed(2)}× (target ≤ 1.5×)`);
} finally {
  await close();
}
