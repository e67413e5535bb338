/**
 * The language-model analyzer against a chat-completions server started in the test (the
 * protocol's `POST /v1/chat/completions` and its `chat.completion` answer): valid proposals are
 * planned by the model path; every failure falls back to the built-in analyzer and says why.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GeneratedPlanDto, PlanProgressDto } from '../../../contracts/ai.js';
import { estimateToPlan } from '../../../domain/estimate/index.js';
import type { Trade } from '../../../domain/estimate/types.js';
import { createBuiltinAnalyzer } from '../../providers/analyzer/builtin-analyzer.js';
import type { EstimateAnalyzer } from '../../providers/analyzer/estimate-analyzer.js';
import { createModelAnalyzer, estimatePrompt } from '../../providers/analyzer/model-analyzer.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import {
  amountOf,
  createProject,
  estimateText,
  generate,
  REMODEL_ITEMS,
  worksTotal,
} from './ai-test-support.js';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: { type: string };
  };
}

type Behaviour =
  | { kind: 'answer'; content: string; finishReason?: string; delayMs?: number }
  | { kind: 'status'; status: number; body: unknown }
  | { kind: 'hang' };

let server: Server;
let baseUrl: string;
let behaviour: Behaviour;
const received: Received[] = [];

function chatCompletion(model: string, content: string, finishReason = 'stop') {
  return {
    id: `chatcmpl-${received.length}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      { index: 0, message: { role: 'assistant', content }, finish_reason: finishReason, logprobs: null },
    ],
    usage: { prompt_tokens: 1200, completion_tokens: 300, total_tokens: 1500 },
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body = (text ? JSON.parse(text) : {}) as Received['body'];
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      if (behaviour.kind === 'hang') return; // never answers: the client's deadline must end it
      if (behaviour.kind === 'status') {
        res
          .writeHead(behaviour.status, { 'content-type': 'application/json' })
          .end(JSON.stringify(behaviour.body));
        return;
      }
      const answer = JSON.stringify(
        chatCompletion(body.model ?? 'unknown', behaviour.content, behaviour.finishReason),
      );
      setTimeout(
        () => res.writeHead(200, { 'content-type': 'application/json' }).end(answer),
        behaviour.delayMs ?? 0,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received.length = 0;
});

const ESTIMATE = estimateText(REMODEL_ITEMS);

/** The trade a contractor would file each of our items under. */
const TRADE_OF_ITEM: Record<string, Trade> = {
  'Building permit and plan review fees': 'permits',
  'Remove kitchen cabinets, countertops and flooring': 'demolition',
  'Remove hall bath tile and fixtures': 'demolition',
  'Frame new pantry wall, 2x4 studs 16" o.c.': 'framing',
  'Rough-in plumbing for relocated sink and dishwasher': 'plumbing',
  'Electrical rough-in, 6 circuits and 14 recessed lights': 'electrical',
  'Hang, tape and finish 1/2" drywall': 'drywall',
  'Install shaker base and wall cabinets': 'cabinets-millwork',
  'Quartz countertops, 3 cm, fabricated and installed': 'countertops',
  'Porcelain floor tile 12x24 in bath': 'tile',
  'Luxury vinyl plank flooring in kitchen': 'flooring',
  'Paint walls and ceilings, two coats': 'painting',
  'Set sink, faucet, toilet and vanity fixtures': 'fixtures',
};

/** What a good model answers for the estimate: one package per trade, its lines and their amounts. */
function goodProposals() {
  const lines = ESTIMATE.split('\n');
  const byTrade = new Map<Trade, { cost: number; lines: number[]; names: string[] }>();
  for (const item of REMODEL_ITEMS) {
    const trade = TRADE_OF_ITEM[item.description] as Trade;
    const entry = byTrade.get(trade) ?? { cost: 0, lines: [], names: [] };
    entry.cost = Math.round((entry.cost + amountOf(item)) * 100) / 100;
    entry.lines.push(lines.findIndex((l) => l.includes(item.description)) + 1);
    entry.names.push(item.description);
    byTrade.set(trade, entry);
  }
  return {
    workPackages: [...byTrade].map(([trade, e]) => ({
      trade,
      name: e.names[0],
      description: e.names.join('; '),
      estimatedCost: e.cost,
      quantity: null,
      unit: null,
      durationDays: null,
      materials: [],
      specifications: [],
      sourceLines: e.lines,
    })),
  };
}

// The model's time limit: wide, so a busy machine never turns an answering stand-in into a fallback.
function analyzer(timeoutMs = 30_000, apiKey: string | undefined = 'sk-test-key'): EstimateAnalyzer {
  return createModelAnalyzer({
    baseUrl,
    apiKey,
    model: 'estimate-model-1',
    timeoutMs,
    fallback: createBuiltinAnalyzer(),
  });
}

const FALLBACK = /^The language model could not be used: .+; the built-in analyzer planned this estimate\.$/;

describe('model analyzer', () => {
  it('plans the proposals of a valid answer, and sends the model, messages, schema and key', async () => {
    behaviour = { kind: 'answer', content: JSON.stringify(goodProposals()) };
    const result = await analyzer().analyze(ESTIMATE, { projectType: 'Residential', fileName: 'miller.pdf' });
    expect(result.analyzer).toBe('model');
    expect(result.notes.filter((n) => FALLBACK.test(n))).toEqual([]);
    const trades = new Set(result.plan.packages.map((p) => p.trade));
    for (const trade of new Set(Object.values(TRADE_OF_ITEM))) expect(trades, trade).toContain(trade);
    // The model proposed packages; the dates and links are the domain's sequencing.
    expect(result.plan.links.length).toBeGreaterThan(0);

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-test-key');
    expect(request?.body.model).toBe('estimate-model-1');
    expect(request?.body.response_format).toEqual({ type: 'json_object' });
    const [system, user] = request?.body.messages ?? [];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('"workPackages"');
    expect(system?.content).toContain('cabinets-millwork');
    expect(user?.role).toBe('user');
    expect(user?.content).toContain('Project type: Residential.');
    // Every estimate line reaches the model with its line number.
    const line = ESTIMATE.split('\n').findIndex((l) => l.includes('Quartz countertops')) + 1;
    expect(user?.content).toMatch(new RegExp(`^${line}\\| .*Quartz countertops`, 'm'));
  });

  it('sends a placeholder key when only a base URL is configured', async () => {
    behaviour = { kind: 'answer', content: JSON.stringify(goodProposals()) };
    const result = await analyzer(30_000, undefined).analyze(ESTIMATE);
    expect(result.analyzer).toBe('model');
    expect(received[0]?.headers.authorization).toMatch(/^Bearer \S+$/);
  });

  const builtinPlan = () => estimateToPlan(ESTIMATE, { projectType: 'Residential' });

  it.each<[string, () => Behaviour, RegExp]>([
    [
      'invalid JSON',
      () => ({ kind: 'answer', content: 'Here is your plan: framing first, then roofing.' }),
      /not valid JSON/,
    ],
    [
      'an answer cut off mid-JSON',
      () => ({
        kind: 'answer',
        content: '{"workPackages": [{"trade": "framing", "na',
        finishReason: 'length',
      }),
      /cut off/,
    ],
    [
      'a schema mismatch (unknown trade)',
      () => ({
        kind: 'answer',
        content: JSON.stringify({ workPackages: [{ trade: 'carpentry', name: 'Frame' }] }),
      }),
      /did not match the work-package schema \(workPackages\.0\.trade/,
    ],
    [
      'a schema mismatch (no workPackages)',
      () => ({ kind: 'answer', content: JSON.stringify({ tasks: [] }) }),
      /did not match the work-package schema/,
    ],
    [
      'no proposals',
      () => ({ kind: 'answer', content: JSON.stringify({ workPackages: [] }) }),
      /proposed no work packages/,
    ],
    [
      'HTTP 500',
      () => ({
        kind: 'status',
        status: 500,
        body: { error: { message: 'model crashed', type: 'server_error' } },
      }),
      /HTTP 500/,
    ],
    [
      'HTTP 401',
      () => ({ kind: 'status', status: 401, body: { error: { message: 'invalid api key' } } }),
      /HTTP 401/,
    ],
  ])('falls back to the built-in analyzer on %s and says why', async (_name, make, reason) => {
    behaviour = make();
    const result = await analyzer().analyze(ESTIMATE, { projectType: 'Residential' });
    expect(result.analyzer).toBe('builtin');
    const note = result.notes.find((n) => FALLBACK.test(n));
    expect(note, result.notes.join('\n')).toMatch(reason);
    expect(result.plan).toEqual(builtinPlan());
    expect(received.length).toBeGreaterThanOrEqual(1);
  });

  it('falls back when the server does not answer within the timeout', async () => {
    behaviour = { kind: 'hang' };
    const started = Date.now();
    const result = await analyzer(400).analyze(ESTIMATE, { projectType: 'Residential' });
    expect(result.analyzer).toBe('builtin');
    expect(result.notes.find((n) => FALLBACK.test(n))).toMatch(/no answer within 0\.4 s/);
    // The deadline covers the retry too (generous bound: only a hung request would exceed it).
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(result.plan).toEqual(builtinPlan());
  });

  it('falls back when the server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await createModelAnalyzer({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      apiKey: 'k',
      model: 'm',
      timeoutMs: 2000,
      fallback: createBuiltinAnalyzer(),
    }).analyze(ESTIMATE);
    expect(result.analyzer).toBe('builtin');
    expect(result.notes.find((n) => FALLBACK.test(n))).toMatch(/could not be reached/);
  });

  it('shortens a long estimate at a line boundary and says so', () => {
    const long = Array.from(
      { length: 5000 },
      (_, i) => `${i + 1}   Item ${i + 1}   1   EA   $10.00   $10.00`,
    ).join('\n');
    const prompt = estimatePrompt(long, 10_000);
    expect(prompt.truncated).toBe(true);
    expect(prompt.text.length).toBeLessThanOrEqual(10_000);
    expect(prompt.linesTotal).toBe(5000);
    expect(prompt.text.endsWith(`$10.00`)).toBe(true);
    expect(prompt.text.split('\n')).toHaveLength(prompt.linesShown);
    expect(prompt.text.split('\n').at(-1)).toMatch(new RegExp(`^${prompt.lastLine}\\| `));
  });
});

describe('POST /api/ai/generate-project-plan with ANALYZER=model', () => {
  let t: TestApp;
  let owner: Agent;
  beforeAll(async () => {
    t = await createTestApp({
      ANALYZER: 'model',
      AI_BASE_URL: baseUrl,
      AI_API_KEY: 'sk-app-key',
      AI_MODEL: 'estimate-model-2',
      AI_TIMEOUT_SECONDS: '2',
    });
    owner = t.agent();
    await owner.signUpWithCompany({ company: 'Model Builders' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers analyzer "model" with the plan saved from the proposals', async () => {
    behaviour = { kind: 'answer', content: JSON.stringify(goodProposals()) };
    const projectId = await createProject(owner, { budget: worksTotal(REMODEL_ITEMS) });
    const res = await generate(owner, { projectId, estimateContent: ESTIMATE, projectType: 'Residential' });
    expect(res.statusCode, res.body).toBe(200);
    const plan = json<GeneratedPlanDto>(res);
    expect(plan.analyzer).toBe('model');
    expect(plan.tasks.length).toBeGreaterThan(Object.keys(TRADE_OF_ITEM).length / 2);
    expect(plan.criticalPath.length).toBeGreaterThan(0);
    expect(received[0]?.body.model).toBe('estimate-model-2');
    expect(received[0]?.headers.authorization).toBe('Bearer sk-app-key');
  });

  it('writes its progress as it goes: a poller sees the analysis step while the model thinks', async () => {
    behaviour = { kind: 'answer', content: JSON.stringify(goodProposals()), delayMs: 700 };
    const projectId = await createProject(owner, { budget: worksTotal(REMODEL_ITEMS) });
    const poller = t.agent();
    const seen: PlanProgressDto[] = [];
    let done = false;
    const pending = generate(owner, { projectId, estimateContent: ESTIMATE, fileName: 'slow.pdf' }).finally(
      () => {
        done = true;
      },
    );
    // The poller is the same user on another connection (its own cookie jar, the same session).
    poller.setCookie('sid', owner.sessionCookie ?? '');
    while (!done) {
      const res = await poller.get(`/api/ai/plan-progress/${projectId}`);
      if (res.statusCode === 200) seen.push(json<PlanProgressDto>(res));
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    const res = await pending;
    expect(res.statusCode, res.body).toBe(200);
    seen.push(json<PlanProgressDto>(await poller.get(`/api/ai/plan-progress/${projectId}`)));
    expect(seen.some((p) => p.status === 'running' && p.step === 'ai-analysis' && p.percent === 30)).toBe(
      true,
    );
    expect(seen.at(-1)).toMatchObject({ status: 'succeeded', percent: 100, fileName: 'slow.pdf' });
    const percents = seen.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(new Set(seen.map((p) => p.generationId)).size).toBe(1);
  });

  it('answers analyzer "builtin" with the fallback note when the model fails', async () => {
    behaviour = { kind: 'status', status: 500, body: { error: { message: 'overloaded' } } };
    const projectId = await createProject(owner, { budget: worksTotal(REMODEL_ITEMS) });
    const res = await generate(owner, { projectId, estimateContent: ESTIMATE });
    expect(res.statusCode, res.body).toBe(200);
    const plan = json<GeneratedPlanDto>(res);
    expect(plan.analyzer).toBe('builtin');
    expect(plan.notes.find((n) => FALLBACK.test(n))).toMatch(/HTTP 500/);
    expect(plan.tasks.length).toBe(estimateToPlan(ESTIMATE, { projectType: 'Residential' }).packages.length);
  });
});
