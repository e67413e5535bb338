/**
 * For the schedule module's tests: projects created through the API, tasks written straight to the
 * database (so that tests can also store what the tasks API would refuse: malformed or foreign
 * dependencies), and multipart uploads built by the platform's FormData.
 */
import { eq } from 'drizzle-orm';
import { projects, tasks } from '../../db/schema/index.js';
import type { Agent, TestApp } from '../../testing/harness.js';

export interface SeedTask {
  name: string;
  duration: number;
  phase?: string | null;
  /** Resolved after insertion: names of earlier tasks → `{taskId, type, lagDays}` JSON. */
  after?: { name: string; type?: 'FS' | 'SS' | 'FF' | 'SF'; lagDays?: number }[];
  /** Raw dependencies text, stored as is. */
  dependencies?: string | null;
  progress?: number;
  description?: string | null;
  estimatedCost?: string | null;
}

/** Creates a project through the API and answers its id and company. */
export async function createProject(t: TestApp, agent: Agent, startDate: string, name = 'Schedule Test') {
  const res = await agent.post('/api/projects', {
    name,
    client: 'Client',
    budget: '1000',
    startDate,
    endDate: '2030-12-31',
  });
  if (res.statusCode !== 201) throw new Error(`project creation failed: ${res.statusCode} ${res.body}`);
  const { id } = res.json() as { id: number };
  const [row] = await t.ctx.db
    .select({ companyId: projects.companyId })
    .from(projects)
    .where(eq(projects.id, id));
  if (!row) throw new Error('project not stored');
  return { id, companyId: row.companyId };
}

/**
 * Inserts tasks in order (dates set to a placeholder the schedule must overwrite) and answers their
 * ids by name.
 */
export async function seedTasks(
  t: TestApp,
  project: { id: number; companyId: number },
  list: readonly SeedTask[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const placeholder = new Date('2000-01-01T00:00:00Z');
  for (const [position, task] of list.entries()) {
    const dependencies =
      task.dependencies !== undefined
        ? task.dependencies
        : task.after
          ? JSON.stringify(
              task.after.map((a) => {
                const taskId = ids.get(a.name);
                if (taskId === undefined) throw new Error(`unknown task ${a.name}`);
                return { taskId, type: a.type ?? 'FS', lagDays: a.lagDays ?? 0 };
              }),
            )
          : null;
    const [row] = await t.ctx.db
      .insert(tasks)
      .values({
        companyId: project.companyId,
        projectId: project.id,
        name: task.name,
        duration: task.duration,
        phase: task.phase ?? null,
        dependencies,
        startDate: placeholder,
        endDate: placeholder,
        isCritical: false,
        progress: task.progress ?? 0,
        description: task.description ?? null,
        estimatedCost: task.estimatedCost ?? null,
        position,
      })
      .returning({ id: tasks.id });
    if (!row) throw new Error('task not stored');
    ids.set(task.name, row.id);
  }
  return ids;
}

/** The stored tasks of a project, dates as `YYYY-MM-DD`, by id. */
export async function storedTasks(t: TestApp, projectId: number) {
  const rows = await t.ctx.db.select().from(tasks).where(eq(tasks.projectId, projectId)).orderBy(tasks.id);
  return rows.map((r) => ({
    ...r,
    start: r.startDate.toISOString().slice(0, 10),
    end: r.endDate.toISOString().slice(0, 10),
  }));
}

/** POSTs a multipart body with one file part (field `file` unless told) as the agent. */
export async function uploadSchedule(
  t: TestApp,
  agent: Agent,
  content: Uint8Array | string,
  fileName = 'schedule.xml',
  field = 'file',
) {
  const form = new FormData();
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  form.append(field, new Blob([new Uint8Array(bytes)]), fileName);
  const encoded = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: '/api/projects/import',
    headers: {
      cookie: `sid=${agent.sessionCookie ?? ''}`,
      'content-type': encoded.headers.get('content-type') ?? '',
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}
