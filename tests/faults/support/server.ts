/**
 * The real server process for the drills, as `npm start` runs it (the build the faults project's
 * global setup compiled), and a small HTTP client that keeps a session cookie and never waits
 * forever: a request that outlives its limit counts as hung.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawnServer } from '../../../src/server/testing/server-process.js';

/** Generous on purpose: a busy two-core machine starts a server in seconds, not milliseconds. */
const START_LIMIT_MS = 120_000;

export interface ServerProcess {
  url: string;
  child: ChildProcessWithoutNullStreams;
  output(): string;
  /** SIGKILL, and resolves once the process is gone. */
  kill(): Promise<void>;
}

export function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawnServer({ PORT: '0', NODE_ENV: 'production', LOG_LEVEL: 'info', ...env });
  let out = '';
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await gone;
  };
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => {
      void kill();
      reject(new Error(`the server did not start:\n${out}`));
    }, START_LIMIT_MS);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const ready = out.match(/ready at (http:\/\/[^\s"]+)/);
      if (ready?.[1]) {
        clearTimeout(timer);
        resolveStart({ url: ready[1], child, output: () => out, kill });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before it was ready:\n${out}`));
    });
  });
}

export interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** What a request that got no answer within its limit (or no answer at all) counts as. */
export const HUNG = -1;
export const NO_ANSWER = 0;

export class Client {
  private cookie = '';
  constructor(
    public baseUrl: string,
    private readonly limitMs = 60_000,
  ) {}

  /** The same browser on another server. */
  on(baseUrl: string): Client {
    const other = new Client(baseUrl, this.limitMs);
    other.cookie = this.cookie;
    return other;
  }

  async request(method: string, path: string, body?: unknown): Promise<Answer> {
    const started = performance.now();
    const init: RequestInit = {
      method,
      headers: { cookie: this.cookie },
      signal: AbortSignal.timeout(this.limitMs),
    };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { ...init.headers, 'content-type': 'application/json' };
    }
    try {
      const res = await fetch(`${this.baseUrl}${path}`, init);
      const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
      if (sid) this.cookie = sid.split(';')[0] ?? '';
      const text = await res.text();
      return { status: res.status, body: text, ms: performance.now() - started };
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      return { status: timedOut ? HUNG : NO_ANSWER, body: String(err), ms: performance.now() - started };
    }
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown) => this.request('POST', path, body);

  /** The answer's JSON, after checking its status. */
  async ok<T>(answer: Promise<Answer> | Answer, status = 200): Promise<T> {
    const got = await answer;
    if (got.status !== status) throw new Error(`expected ${status}, got ${got.status}: ${got.body}`);
    return JSON.parse(got.body) as T;
  }

  /** Signs up a user with a company and a project; answers the project's id. */
  async newCompanyWithProject(name: string): Promise<number> {
    const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${crypto.randomUUID().slice(0, 6)}@example.com`;
    await this.ok(
      this.post('/api/auth/signup', {
        email,
        password: 'drill-password-1',
        firstName: 'Drill',
        lastName: 'User',
      }),
      201,
    );
    await this.ok(this.post('/api/companies', { name: `${name} Builders`, type: 'general' }), 201);
    return this.newProject(name);
  }

  async newProject(name: string): Promise<number> {
    const project = await this.ok<{ id: number }>(
      this.post('/api/projects', {
        name,
        client: 'Drill client',
        budget: '250000',
        startDate: '2026-01-05',
        endDate: '2026-12-18',
      }),
      201,
    );
    return project.id;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every `everyMs` until it answers something other than undefined, or fails after `limitMs`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  limitMs = 120_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${limitMs} ms`);
    await sleep(everyMs);
  }
}
