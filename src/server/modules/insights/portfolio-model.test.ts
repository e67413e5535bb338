import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PortfolioAnalysisDto } from '../../../contracts/insights.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { NOW, seedCompany } from './insights-test-support.js';

/** A chat-completions server in the test: answers what `reply` says, records what it was asked. */
let server: Server;
let reply: { status: number; content: string } = { status: 200, content: '' };
let asked: { model: string; messages: { role: string; content: string }[] }[] = [];
let t: TestApp;
let owner: Agent;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      asked.push(JSON.parse(body));
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(
        reply.status === 200
          ? JSON.stringify({
              id: 'c1',
              object: 'chat.completion',
              created: 0,
              model: 'test-model',
              choices: [
                { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: reply.content } },
              ],
            })
          : JSON.stringify({ error: { message: 'boom' } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  t = await createTestApp(
    {
      ANALYZER: 'model',
      AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      AI_MODEL: 'test-model',
      AI_TIMEOUT_SECONDS: '20',
    },
    { now: () => NOW },
  );
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Model Builders' });
  await seedCompany(owner);
  await owner.post('/api/ai-insights/refresh');
}, 120_000);
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  asked = [];
});

describe('GET /api/ai-portfolio-analysis with a language model', () => {
  it('answers the summary the model wrote from the computed facts', async () => {
    reply = { status: 200, content: '  Harbor Clinic is late on framing; order nothing else first.  ' };
    const { analysis } = json<PortfolioAnalysisDto>(await owner.get('/api/ai-portfolio-analysis'));
    expect(analysis).toBe('Harbor Clinic is late on framing; order nothing else first.');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.model).toBe('test-model');
    const facts = JSON.parse(asked[0]?.messages[1]?.content ?? '{}');
    expect(facts).toMatchObject({ openProjects: 1, tasks: 3, budget: [{ currency: 'USD', amount: 500000 }] });
    expect(facts.top).toContain('Overdue critical work pushes "Harbor Clinic" 8 working days');
    expect(asked[0]?.messages[0]?.content).toMatch(/only the facts/);
  });

  it('falls back to the built-in text when the model fails or answers nothing', async () => {
    // Another project changes the facts, so the kept answer does not apply.
    await owner.post('/api/projects', {
      name: 'Second site',
      client: 'Harbor Health',
      type: 'Commercial',
      budget: '100000',
      startDate: '2026-04-01',
      endDate: '2026-08-31',
    });
    reply = { status: 500, content: '' };
    const failed = json<PortfolioAnalysisDto>(await owner.get('/api/ai-portfolio-analysis'));
    expect(asked.length).toBeGreaterThan(0);
    expect(failed.analysis).toContain('2 open projects with $600,000 of budget');
    reply = { status: 200, content: '   ' };
    const empty = json<PortfolioAnalysisDto>(await owner.get('/api/ai-portfolio-analysis'));
    expect(empty.analysis).toBe(failed.analysis);
  });
});
