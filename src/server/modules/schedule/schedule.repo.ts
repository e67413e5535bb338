import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { projects, tasks } from '../../db/schema/index.js';

export type ScheduleProjectRow = Pick<
  typeof projects.$inferSelect,
  'id' | 'name' | 'startDate' | 'endDate' | 'calendar' | 'dataDate'
>;
export type NewImportedProject = Omit<typeof projects.$inferInsert, 'id' | 'companyId' | 'createdAt'>;

const projectColumns = {
  id: projects.id,
  name: projects.name,
  startDate: projects.startDate,
  endDate: projects.endDate,
  calendar: projects.calendar,
  dataDate: projects.dataDate,
};

/** Every query is scoped by company id, always the second argument. */
export const scheduleRepo = {
  /**
   * The project, or undefined. `lock` holds the row (`no key update`) until the transaction ends, so
   * two reschedules of one project run one after the other; adding tasks (a key-share lock) is not
   * blocked by it.
   */
  async findProject(db: Db, companyId: number, projectId: number, lock?: 'no key update') {
    const query = db
      .select(projectColumns)
      .from(projects)
      .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)))
      .limit(1);
    const rows = await (lock ? query.for(lock) : query);
    return rows[0];
  },

  /** What scheduling needs of each task of the project. */
  tasksToSchedule(db: Db, companyId: number, projectId: number) {
    return db
      .select({
        id: tasks.id,
        name: tasks.name,
        phase: tasks.phase,
        duration: tasks.duration,
        dependencies: tasks.dependencies,
        startNoEarlierThan: tasks.startNoEarlierThan,
        materialsExpectedDate: tasks.materialsExpectedDate,
        materialsStatus: tasks.materialsStatus,
        actualStart: tasks.actualStart,
        actualFinish: tasks.actualFinish,
        progress: tasks.progress,
        status: tasks.status,
        remainingDuration: tasks.remainingDuration,
      })
      .from(tasks)
      .where(and(eq(tasks.companyId, companyId), eq(tasks.projectId, projectId)))
      .orderBy(asc(tasks.id));
  },

  /** The project's tasks as the exports show them: by start date, then position, then id. */
  tasksToExport(db: Db, companyId: number, projectId: number) {
    return db
      .select({
        id: tasks.id,
        name: tasks.name,
        description: tasks.description,
        phase: tasks.phase,
        duration: tasks.duration,
        startDate: tasks.startDate,
        endDate: tasks.endDate,
        isCritical: tasks.isCritical,
        progress: tasks.progress,
        dependencies: tasks.dependencies,
        estimatedCost: tasks.estimatedCost,
        startNoEarlierThan: tasks.startNoEarlierThan,
      })
      .from(tasks)
      .where(and(eq(tasks.companyId, companyId), eq(tasks.projectId, projectId)))
      .orderBy(asc(tasks.startDate), asc(tasks.position), asc(tasks.id));
  },

  async insertProject(db: Db, companyId: number, values: NewImportedProject) {
    const rows = await db
      .insert(projects)
      .values({ ...values, companyId })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },
};
