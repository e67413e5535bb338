import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { aiInsights, companies, contacts, projects, tasks, updates, users } from '../db/schema/index.js';
import { enterTenant } from '../db/tenant-scope.js';
import { passwordHasher } from '../modules/auth/passwords.js';
import { computeProjectSchedule } from '../modules/schedule/compute-schedule.js';
import { bulkTaskWrites } from '../modules/tasks/bulk-task-writes.js';

export const DEMO_LOGIN = { email: 'demo@babe.example', password: 'demo-builder' } as const;

const DAY = 86_400_000;

interface DemoTask {
  key: string;
  name: string;
  phase: string;
  duration: number;
  /** Offset in calendar days from the project start. */
  startsAfter: number;
  progress: number;
  critical?: boolean;
  after?: { key: string; type?: 'FS' | 'SS' | 'FF' | 'SF'; lagDays?: number }[];
  cost: number;
  /**
   * The materials chain: the number of steps ticked (5 = delivered) or not applicable, and when they
   * are expected (calendar days after the project start). A started task has its materials delivered.
   */
  materials?: { steps: number } | { notApplicable: true };
  materialsExpectedAfter?: number;
}

const MATERIAL_STEPS = ['needed', 'approved', 'ordered', 'shipped', 'delivered', 'finalized'] as const;

function materialsText(materials: DemoTask['materials']): string | null {
  if (!materials) return null;
  if ('notApplicable' in materials) return JSON.stringify({ notApplicable: true });
  return JSON.stringify(Object.fromEntries(MATERIAL_STEPS.map((step, i) => [step, i < materials.steps])));
}

const remodelTasks: DemoTask[] = [
  {
    key: 'permit',
    name: 'Building permit',
    phase: 'Planning',
    duration: 10,
    startsAfter: 0,
    progress: 100,
    critical: true,
    cost: 1800,
  },
  {
    key: 'demo',
    name: 'Demolition',
    phase: 'Site Work',
    duration: 4,
    startsAfter: 14,
    progress: 100,
    critical: true,
    after: [{ key: 'permit' }],
    cost: 6500,
    materials: { notApplicable: true },
  },
  {
    key: 'framing',
    name: 'Framing changes',
    phase: 'Structure',
    duration: 6,
    startsAfter: 20,
    progress: 60,
    critical: true,
    after: [{ key: 'demo' }],
    cost: 14200,
    materials: { steps: 6 },
  },
  {
    key: 'plumbing',
    name: 'Plumbing rough-in',
    phase: 'Rough-In',
    duration: 5,
    startsAfter: 28,
    progress: 0,
    critical: true,
    after: [{ key: 'framing' }],
    cost: 9800,
    materials: { steps: 5 },
  },
  {
    key: 'electrical',
    name: 'Electrical rough-in',
    phase: 'Rough-In',
    duration: 5,
    startsAfter: 30,
    progress: 0,
    after: [{ key: 'plumbing', type: 'SS', lagDays: 2 }],
    cost: 8700,
  },
  {
    key: 'inspection',
    name: 'Rough-in inspection',
    phase: 'Inspections',
    duration: 1,
    startsAfter: 37,
    progress: 0,
    critical: true,
    after: [{ key: 'plumbing' }, { key: 'electrical' }],
    cost: 350,
  },
  {
    key: 'drywall',
    name: 'Drywall',
    phase: 'Finishes',
    duration: 7,
    startsAfter: 39,
    progress: 0,
    critical: true,
    after: [{ key: 'inspection' }],
    cost: 11200,
  },
  {
    key: 'cabinets',
    name: 'Cabinets and countertops',
    phase: 'Finishes',
    duration: 6,
    startsAfter: 50,
    progress: 0,
    critical: true,
    after: [{ key: 'drywall' }],
    cost: 32000,
    // Custom cabinets: ordered, due on site two months in.
    materials: { steps: 3 },
    materialsExpectedAfter: 60,
  },
  {
    key: 'punch',
    name: 'Punch list and closeout',
    phase: 'Closeout',
    duration: 3,
    startsAfter: 58,
    progress: 0,
    critical: true,
    after: [{ key: 'cabinets' }],
    cost: 1500,
  },
];

const officeTasks: DemoTask[] = [
  {
    key: 'permit',
    name: 'Tenant improvement permit',
    phase: 'Planning',
    duration: 15,
    startsAfter: 0,
    progress: 100,
    critical: true,
    cost: 4200,
  },
  {
    key: 'demo',
    name: 'Selective demolition',
    phase: 'Site Work',
    duration: 5,
    startsAfter: 21,
    progress: 100,
    critical: true,
    after: [{ key: 'permit' }],
    cost: 18000,
  },
  {
    key: 'studs',
    name: 'Metal stud partitions',
    phase: 'Structure',
    duration: 10,
    startsAfter: 28,
    progress: 80,
    critical: true,
    after: [{ key: 'demo' }],
    cost: 46000,
    materials: { steps: 6 },
  },
  {
    key: 'hvac',
    name: 'HVAC ductwork',
    phase: 'Rough-In',
    duration: 12,
    startsAfter: 32,
    progress: 30,
    after: [{ key: 'studs', type: 'SS', lagDays: 3 }],
    cost: 88000,
    // The ductwork is on site; the VAV boxes it connects to are the ceiling's worry.
    materials: { steps: 5 },
  },
  {
    key: 'ceiling',
    name: 'Acoustic ceiling grid',
    phase: 'Finishes',
    duration: 8,
    startsAfter: 50,
    progress: 0,
    critical: true,
    after: [{ key: 'hvac', type: 'FF', lagDays: 2 }, { key: 'studs' }],
    cost: 39000,
    materials: { steps: 4 },
    materialsExpectedAfter: 75,
  },
];

/** Seeds the demo company once; answers false when it is already there. */
export async function seedDemo(db: Db, now = new Date()): Promise<boolean> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_LOGIN.email}`);
  if (existing.length) return false;
  const passwordHash = await passwordHasher().hash(DEMO_LOGIN.password);

  await db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        name: 'Summit Ridge Builders',
        slug: 'summit-ridge-builders',
        type: 'general',
        state: 'CO',
        city: 'Denver',
        subscriptionStatus: 'active',
        subscriptionPlan: 'yearly',
        trialEndsAt: new Date(now.getTime() + 14 * DAY),
      })
      .returning();
    if (!company) throw new Error('demo company not created');
    // The company's own rows follow: the transaction works in its scope from here.
    await enterTenant(tx, company.id);
    const [user] = await tx
      .insert(users)
      .values({
        email: DEMO_LOGIN.email,
        passwordHash,
        firstName: 'Morgan',
        lastName: 'Reyes',
        companyId: company.id,
        role: 'owner',
      })
      .returning();
    if (!user) throw new Error('demo user not created');
    const companyId = company.id;

    const addProject = async (
      values: Pick<
        typeof projects.$inferInsert,
        'name' | 'client' | 'type' | 'status' | 'budget' | 'description'
      >,
      startOffsetDays: number,
      list: DemoTask[],
    ) => {
      const start = new Date(now.getTime() + startOffsetDays * DAY);
      const done = list.filter((t) => t.progress === 100).length;
      const [project] = await tx
        .insert(projects)
        .values({
          ...values,
          companyId,
          progress: Math.round((done / list.length) * 100),
          startDate: start,
          endDate: new Date(start.getTime() + 90 * DAY),
          createdBy: user.id,
        })
        .returning();
      if (!project) throw new Error('demo project not created');
      const ids = new Map<string, number>();
      for (const [position, t] of list.entries()) {
        const startDate = new Date(start.getTime() + t.startsAfter * DAY);
        const deps = (t.after ?? []).map((d) => ({
          taskId: ids.get(d.key),
          type: d.type ?? 'FS',
          lagDays: d.lagDays ?? 0,
        }));
        const [row] = await bulkTaskWrites.insertMany(tx, companyId, [
          {
            projectId: project.id,
            name: t.name,
            phase: t.phase,
            duration: t.duration,
            startDate,
            endDate: new Date(startDate.getTime() + Math.ceil(t.duration * 1.4) * DAY),
            progress: t.progress,
            status: t.progress === 100 ? 'completed' : t.progress > 0 ? 'in-progress' : 'not-started',
            isCritical: t.critical ?? false,
            dependencies: deps.length ? JSON.stringify(deps) : null,
            estimatedCost: String(t.cost),
            materialsStatus: materialsText(t.materials),
            materialsExpectedDate:
              t.materialsExpectedAfter === undefined
                ? null
                : new Date(start.getTime() + t.materialsExpectedAfter * DAY).toISOString().slice(0, 10),
            position,
            createdBy: user.id,
          },
        ]);
        if (row) ids.set(t.key, row.id);
      }
      await scheduleDemoProject(tx, companyId, project.id, start, company.state);
      return { project, ids };
    };

    const remodel = await addProject(
      {
        name: 'Maple Street Kitchen & Bath',
        client: 'Alvarez Family',
        type: 'Residential',
        status: 'active',
        budget: '95000.00',
        description: 'Full kitchen remodel and two bathrooms.',
      },
      -30,
      remodelTasks,
    );
    const office = await addProject(
      {
        name: 'Larimer Office Fit-Out',
        client: 'Northwind Legal',
        type: 'Commercial',
        status: 'at-risk',
        budget: '420000.00',
        description: '12,000 sq ft tenant improvement on the 4th floor.',
      },
      -40,
      officeTasks,
    );
    await addProject(
      {
        name: 'Cedar Lane New Home',
        client: 'Priya & Sam Patel',
        type: 'Residential',
        status: 'on-hold',
        budget: '610000.00',
        description: 'Two-storey, 3,200 sq ft new build; waiting on the lender.',
      },
      20,
      remodelTasks.slice(0, 3),
    );

    await tx.insert(contacts).values([
      {
        companyId,
        name: 'Rosa Alvarez',
        email: 'rosa.alvarez@example.com',
        phone: '303-555-0142',
        type: 'client',
        createdBy: user.id,
      },
      {
        companyId,
        name: 'Dave Kowalski',
        company: 'Front Range Plumbing',
        email: 'dave@frontrangeplumbing.example',
        phone: '303-555-0177',
        type: 'subcontractor',
        rating: '4.5',
        licensed: true,
        specialty: 'Plumbing',
        specialties: ['Plumbing', 'Gas lines'],
        createdBy: user.id,
      },
      {
        companyId,
        name: 'Lena Ortiz',
        company: 'Mile High Lumber',
        email: 'orders@milehighlumber.example',
        type: 'vendor',
        rating: '4.0',
        specialty: 'Lumber',
        createdBy: user.id,
      },
      {
        companyId,
        name: 'Tom Becker',
        company: 'Becker Architects',
        email: 'tom@beckerarch.example',
        type: 'architect',
        createdBy: user.id,
      },
    ]);

    await tx.insert(updates).values([
      {
        companyId,
        projectId: remodel.project.id,
        taskId: remodel.ids.get('framing'),
        message: 'Header over the kitchen opening is in; inspector booked for Thursday.',
        createdBy: user.id,
      },
      {
        companyId,
        projectId: office.project.id,
        taskId: office.ids.get('hvac'),
        message: 'VAV boxes delayed two weeks at the distributor.',
        priority: 'high',
        createdBy: user.id,
      },
    ]);

    await tx.insert(aiInsights).values([
      {
        companyId,
        projectId: office.project.id,
        type: 'risk',
        severity: 'high',
        title: 'Long-lead HVAC equipment on the critical path',
        description: 'The VAV box delay pushes ceiling close-in and the finish date.',
        impact: 'Up to 10 working days of delay',
        recommendation: 'Release the ceiling grid in areas without VAV boxes first.',
        createdBy: user.id,
      },
      {
        companyId,
        projectId: remodel.project.id,
        type: 'opportunity',
        severity: 'medium',
        title: 'Overlap electrical with plumbing rough-in',
        description: 'Electrical can start two days after plumbing in separate rooms.',
        potentialSavings: '2400.00',
        createdBy: user.id,
      },
      {
        companyId,
        projectId: null,
        type: 'recommendation',
        severity: 'low',
        title: 'Order cabinets at contract signing',
        description: 'Cabinet lead times run 6–8 weeks; ordering early protects finish dates.',
        createdBy: user.id,
      },
    ]);
  });
  return true;
}

/**
 * Dates the demo project's tasks as the app would (its critical path from the start, the materials'
 * expected deliveries, the company state's weather), so the timeline and the Gantt agree from the start.
 */
async function scheduleDemoProject(
  db: Db,
  companyId: number,
  projectId: number,
  start: Date,
  state: string | null,
) {
  const rows = await db
    .select({
      id: tasks.id,
      name: tasks.name,
      phase: tasks.phase,
      duration: tasks.duration,
      dependencies: tasks.dependencies,
      startNoEarlierThan: tasks.startNoEarlierThan,
      materialsExpectedDate: tasks.materialsExpectedDate,
      materialsStatus: tasks.materialsStatus,
    })
    .from(tasks)
    .where(and(eq(tasks.companyId, companyId), eq(tasks.projectId, projectId)));
  const schedule = computeProjectSchedule(projectId, start.toISOString().slice(0, 10), rows, {
    weatherState: state,
    calendar: null,
  });
  await bulkTaskWrites.writeDates(db, companyId, projectId, schedule.tasks);
}

/** Whether the demo company exists (used by tests). */
export async function demoCompanyId(db: Db): Promise<number | undefined> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.slug, 'summit-ridge-builders'));
  return rows[0]?.id;
}
