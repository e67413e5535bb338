/**
 * Drives every route of the route table with values the database cannot hold (ids past 32 bits,
 * hexadecimal ids, NUL characters, dates outside what PostgreSQL and JavaScript both represent) in
 * its path, query string and body: each must be answered with a 4xx and nothing may answer 5xx.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from './app.js';
import { upload } from './modules/documents/documents.test-support.js';
import { type Agent, createTestApp, json, type TestApp } from './testing/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const BAD_IDS = ['2147483648', '99999999999999999999', '0x10', '1e3', '-1', '0', '1.5', '%00', '1%00'];

const BAD_VALUES: unknown[] = [
  2_147_483_648,
  -2_147_483_649,
  1e300,
  '2147483648',
  '0x10',
  'a\u0000b',
  '\u0000',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01',
  '0000-01-01',
  '10000-01-01',
  '9999-12-31T23:59:59Z',
  '0001-01-01',
  '1899-12-31',
  '2201-01-01',
  '',
  null,
  true,
  [],
  {},
];

/** A valid body for the routes that write, so a single bad field is what the server sees. */
function validBodies(ids: Ids): Record<string, Record<string, unknown>> {
  const project = {
    name: 'Edge House',
    client: 'Edge Client',
    type: 'Residential',
    status: 'active',
    budget: '100000',
    progress: 10,
    startDate: '2026-03-02',
    endDate: '2026-09-30',
    description: 'A project',
  };
  const task = {
    name: 'Framing',
    description: 'Frame it',
    status: 'not-started',
    progress: 0,
    phase: 'Structure',
    startDate: '2026-03-02',
    endDate: '2026-03-10',
    duration: 6,
    materialsNotes: 'none',
    startNoEarlierThan: '2026-03-02',
    materialsExpectedDate: null,
    position: 1,
  };
  const contact = {
    name: 'Edge Plumbing',
    company: 'Edge Co',
    email: 'edge@example.com',
    phone: '303-555-0100',
    type: 'subcontractor',
    rating: 4.5,
    licensed: true,
    specialty: 'Plumbing',
    specialties: ['Plumbing', 'Gas lines'],
    notes: 'Edge notes',
  };
  return {
    'POST /api/projects': project,
    'PUT /api/projects/:id': project,
    'POST /api/projects/:id/duplicate': { name: 'Copy' },
    'POST /api/tasks': { ...task, projectId: ids.project },
    'PUT /api/tasks/:id': task,
    'POST /api/updates': { taskId: ids.task, projectId: ids.project, message: 'Poured', priority: 'normal' },
    'POST /api/ai/generate-project-plan': {
      projectId: ids.project,
      projectName: 'Edge House',
      projectType: 'Residential',
      budget: 100000,
      startDate: '2026-03-02',
      endDate: '2026-09-30',
      estimateContent: 'Framing\t$12,000\nDrywall\t$8,000\n',
      fileName: 'estimate.txt',
    },
    'POST /api/feedback': { category: 'bug', subject: 'Edge', message: 'A message long enough to be kept' },
    'POST /api/contacts': contact,
    'PUT /api/contacts/:id': { ...contact, rating: 4 },
    'PUT /api/feedback/:id': { status: 'resolved', adminResponse: 'Thanks' },
    'PATCH /api/auth/profile': { firstName: 'Edge', lastName: 'Case' },
    'POST /api/companies': { name: 'Edge Builders', type: 'general' },
    'POST /api/subscription/create-trial': { plan: 'monthly' },
    'POST /api/subscription/validate-promo': { promoCode: 'WELCOME' },
  };
}

interface Ids {
  project: number;
  task: number;
  document: number;
  feedback: number;
  contact: number;
}

/** The id a path parameter names, from the segment before it. */
function idFor(url: string, param: string, ids: Ids): string {
  const before = url.slice(0, url.indexOf(`:${param}`));
  if (param === 'projectId' || before.endsWith('/projects/')) return String(ids.project);
  if (before.endsWith('/tasks/')) return String(ids.task);
  if (before.endsWith('/documents/')) return String(ids.document);
  if (before.endsWith('/feedback/')) return String(ids.feedback);
  if (before.endsWith('/contacts/')) return String(ids.contact);
  return '1';
}

function withIds(url: string, ids: Ids, bad?: { param: string; value: string }): string {
  return url.replace(/:([A-Za-z]+)/g, (_m, param: string) =>
    bad?.param === param ? bad.value : idFor(url, param, ids),
  );
}

/** The top-level field names of a route's zod schema (body or query string), when it is an object. */
function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** A signed-in owner of a company with one project, task, document and feedback. */
async function owner(): Promise<{ agent: Agent; ids: Ids }> {
  const agent = t.agent();
  await agent.signUpWithCompany({ company: 'Edge Builders' });
  const project = json<{ id: number }>(
    await agent.post('/api/projects', {
      name: 'Edge',
      client: 'Client',
      budget: '1000',
      startDate: '2026-03-02',
      endDate: '2026-06-30',
    }),
  );
  const task = json<{ id: number }>(
    await agent.post('/api/tasks', {
      projectId: project.id,
      name: 'Footings',
      startDate: '2026-03-02',
      endDate: '2026-03-06',
    }),
  );
  const document = json<{ id: number }[]>(
    await upload(t.app, agent, project.id, [{ name: 'notes.txt', content: Buffer.from('site notes') }]),
  )[0];
  const feedback = json<{ id: number }>(
    await agent.post('/api/feedback', { category: 'bug', subject: 'Hi', message: 'A message long enough' }),
  );
  const contact = json<{ id: number }>(
    await agent.post('/api/contacts', { name: 'Edge Contact', email: 'edge@example.com', type: 'client' }),
  );
  return {
    agent,
    ids: {
      project: project.id,
      task: task.id,
      document: document?.id ?? 1,
      feedback: feedback.id,
      contact: contact.id,
    },
  };
}

/** Routes that end the session or delete the account go last, so the others run signed in. */
function order(routes: RouteInfo[]): RouteInfo[] {
  const last = (r: RouteInfo) =>
    r.method === 'DELETE' || /logout|account\/delete|cancel/.test(r.url) ? 1 : 0;
  return [...routes].sort((a, b) => last(a) - last(b));
}

describe('edge values on every route', () => {
  it('never answers 5xx to ids, NUL characters or dates the database cannot hold', async () => {
    let { agent, ids } = await owner();
    const bodies = validBodies(ids);
    const failures: string[] = [];
    let n = 0;
    const send = async (route: RouteInfo, url: string, payload?: unknown) => {
      const options: InjectOptions = {
        method: route.method as 'GET',
        url,
        // A fresh address per request keeps the per-address rate limits out of the picture.
        remoteAddress: `10.251.${(++n >> 8) & 255}.${n & 255}`,
        headers: { cookie: `sid=${agent.sessionCookie}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      };
      const res = await t.app.inject(options);
      if (res.statusCode >= 500) {
        failures.push(`${route.method} ${url} ${JSON.stringify(payload)?.slice(0, 120)} → ${res.statusCode}`);
      }
    };
    const routes = order(
      t.app.routeTable.filter(
        (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
      ),
    );
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      // A route earlier in the list may have ended the session: start again as a new owner.
      if ((await agent.get('/api/auth/user')).statusCode !== 200) ({ agent, ids } = await owner());
      const key = `${route.method} ${route.url}`;
      const writes = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
      const base = bodies[key] ?? (writes ? {} : undefined);

      for (const param of route.url.match(/:([A-Za-z]+)/g) ?? []) {
        for (const value of BAD_IDS) {
          await send(route, withIds(route.url, ids, { param: param.slice(1), value }), base);
        }
      }
      const url = withIds(route.url, ids);
      for (const field of fieldsOf(route.schema && (route.schema as { querystring?: unknown }).querystring)) {
        for (const value of [...BAD_IDS, '+275760-09-13', '0000-01-01']) {
          await send(route, `${url}?${field}=${encodeURIComponent(value)}`);
        }
      }
      await send(route, `${url}?q=%00`);
      for (const field of fieldsOf(route.schema?.body)) {
        for (const value of BAD_VALUES) await send(route, url, { ...base, [field]: value });
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('never answers 5xx to such values in the fields and file names of a multipart upload', async () => {
    const { agent, ids } = await owner();
    const answers: string[] = [];
    for (const taskId of [...BAD_IDS, 'a\u0000b']) {
      const res = await upload(t.app, agent, ids.project, [{ name: 'n.txt', content: Buffer.from('hi') }], {
        taskId,
      });
      if (res.statusCode >= 500) answers.push(`taskId ${JSON.stringify(taskId)} → ${res.statusCode}`);
    }
    for (const name of ['a\u0000b.txt', `${'x'.repeat(5000)}.txt`, '../../etc/passwd.txt']) {
      const res = await upload(t.app, agent, ids.project, [{ name, content: Buffer.from('hi') }]);
      if (res.statusCode >= 500)
        answers.push(`file name ${JSON.stringify(name.slice(0, 40))} → ${res.statusCode}`);
    }
    expect(answers).toEqual([]);
  }, 120_000);
});
