import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TaskDto } from '../../contracts/tasks.js';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import { createTestDatabase } from './database.js';
import { testServerConfig } from './test-config.js';

export interface TestApp {
  app: FastifyInstance;
  /**
   * The app's context, except that `ctx.db` is the owner's handle (`database.ownerDb`): a test's own
   * reads and writes are fixtures, made past the tenant wall as a database administrator would.
   * The app itself works through `ctx.database.db`, the wall's handle (what tenant-wall.test.ts tests).
   */
  ctx: AppContext;
  config: Config;
  /** A client that keeps its session cookie between calls, like a browser. */
  agent(): Agent;
  close(): Promise<void>;
}

/** The real app on a fresh real database (PGlite or PostgreSQL, per TEST_DB). */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { now?: () => Date } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'babe-test-'));
  const config = testServerConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const { database, drop } = await createTestDatabase();
  const { app, ctx } = await buildApp(config, { database, logger: false, ...options });
  await app.ready();
  return {
    app,
    ctx: asOwner(ctx),
    config,
    agent: () => new Agent(app),
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The context as the app sees it, with the owner's handle as `db` (changes reach the app's context). */
function asOwner(ctx: AppContext): AppContext {
  return new Proxy(ctx, {
    get: (target, key, receiver) =>
      key === 'db' ? target.database.ownerDb : Reflect.get(target, key, receiver),
  });
}

type Body = Record<string, unknown> | unknown[] | string;

let agents = 0;

/**
 * A client like one browser on its own machine: it keeps its cookies and calls from an address of its
 * own, so the per-address rate limits (sign-up, sign-in) apply per agent as they would per user.
 */
export class Agent {
  private cookies = new Map<string, string>();
  readonly remoteAddress: string;
  constructor(private readonly app: FastifyInstance) {
    const n = ++agents;
    this.remoteAddress = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  }

  async request(
    method: InjectOptions['method'],
    url: string,
    body?: Body,
    headers: Record<string, string> = {},
  ) {
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.remoteAddress,
      headers: { ...headers, cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      ...(body === undefined
        ? {}
        : typeof body === 'string'
          ? { payload: body }
          : { payload: body as object }),
    });
    for (const c of res.cookies as { name: string; value: string; expires?: Date }[]) {
      if (c.expires && c.expires.getTime() < Date.now()) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body: Body = {}) => this.request('POST', url, body);
  put = (url: string, body: Body = {}) => this.request('PUT', url, body);
  patch = (url: string, body: Body = {}) => this.request('PATCH', url, body);
  delete = (url: string, body?: Body) => this.request('DELETE', url, body);

  get sessionCookie(): string | undefined {
    return this.cookies.get('sid');
  }
  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  /** Creates a project (a small one from 2 March 2026 unless `fields` say otherwise); its id. */
  async createProject(fields: Record<string, unknown> = {}): Promise<number> {
    const res = await this.post('/api/projects', {
      name: 'Clinic',
      client: 'Client',
      budget: '1000',
      startDate: '2026-03-02',
      endDate: '2026-10-01',
      ...fields,
    });
    if (res.statusCode !== 201) throw new Error(`project not created: ${res.statusCode} ${res.body}`);
    return (res.json() as { id: number }).id;
  }

  /** Creates a task in the project; the task as the API answers it. */
  async createTask(projectId: number, body: Record<string, unknown>): Promise<TaskDto> {
    const res = await this.post('/api/tasks', { projectId, ...body });
    if (res.statusCode !== 201) throw new Error(`task not created: ${res.statusCode} ${res.body}`);
    return res.json() as TaskDto;
  }

  /** Signs up a fresh user (and, unless `company` is false, creates their company). */
  async signUpWithCompany(
    opts: {
      email?: string;
      password?: string;
      company?: string | false;
      firstName?: string;
      lastName?: string;
    } = {},
  ) {
    const email = opts.email ?? `user-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const password = opts.password ?? 'correct-horse';
    const signup = await this.post('/api/auth/signup', {
      email,
      password,
      firstName: opts.firstName ?? 'Test',
      lastName: opts.lastName ?? 'User',
    });
    if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
    if (opts.company !== false) {
      const res = await this.post('/api/companies', {
        name: opts.company ?? 'Test Builders',
        type: 'general',
      });
      if (res.statusCode !== 201) throw new Error(`company creation failed: ${res.statusCode} ${res.body}`);
    }
    return { email, password };
  }
}

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}
