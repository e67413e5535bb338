/**
 * Every sentence a plan leaves for the contractor, on real estimates: estimate files → `POST
 * /api/parse-pdf` → a plan in a new project → the project's insights and its tasks' link reasons.
 * None carries the planner's internal wording (a fallback rule, a package key, a missing value), an
 * insight to order materials names the materials and the work that installs them, and every
 * insight names its project.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../../../../tests/support/fixtures.js';
import type { InsightDto } from '../../../contracts/ai.js';
import type { TaskDto } from '../../../contracts/tasks.js';
import { CLOSING, SEQUENCE } from '../../../domain/estimate/sequence.js';
import { parseDependencies } from '../../../domain/tasks/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { createProject, generate } from '../ai/ai-test-support.js';
import { ownEstimatesDir, readEstimateOnce } from '../ingestion/ingestion.test-support.js';
import { NOW } from './insights-test-support.js';

type ProjectType = 'Residential' | 'Commercial' | 'Infrastructure';

const ESTIMATES: readonly (readonly [string, string, ProjectType])[] = [
  ['residential-kitchen-bath-remodel.pdf', ownEstimatesDir, 'Residential'],
  ['new-home-2400sf.pdf', ownEstimatesDir, 'Residential'],
  ['office-fit-out-ti.xlsx', ownEstimatesDir, 'Commercial'],
  ['bathroom-remodel.docx', ownEstimatesDir, 'Residential'],
  ['rajpwd_block_library_estimate.xlsx', fixturePath('estimates'), 'Commercial'],
  ['us_commercial_masonry_sub_estimate_detail.pdf', fixturePath('estimates'), 'Commercial'],
];

/** Hyphenated words a sentence may well use, though they are package keys too. */
const ENGLISH = new Set(['dry-in', 'low-voltage']);
/** The planner's package keys of more than one word ("cabinets-millwork"): never in a sentence. */
const KEYS = [...SEQUENCE.map((n) => n.key), ...CLOSING].filter((k) => k.includes('-') && !ENGLISH.has(k));

/** Wording that is the machinery's, not the contractor's. */
const INTERNAL: readonly RegExp[] = [
  /rule holds/i,
  /\binstead\b/i,
  /\bundefined\b/,
  /\bNaN\b/,
  /\bnull\b/,
  /\[object /,
  /\bprocure-/,
  /\bp\d+:t\d+/,
  new RegExp(String.raw`\b(?:${KEYS.join('|')})\b`),
];

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Text Builders' });
});
afterAll(async () => {
  await t.close();
});

/** The file's plan in a new project: its tasks and the project's active insights. */
async function planOf(dir: string, file: string, projectType: ProjectType) {
  const parsed = await readEstimateOnce(t.app, owner, file, new Uint8Array(readFileSync(join(dir, file))));
  const projectId = await createProject(owner, { budget: 1_000_000, type: projectType, name: file });
  const res = await generate(owner, {
    projectId,
    projectType,
    estimateContent: parsed.content,
    fileName: file,
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.ctx.insightsRefresh.idle();
  return {
    projectId,
    tasks: json<TaskDto[]>(await owner.get(`/api/projects/${projectId}/tasks`)),
    insights: json<InsightDto[]>(await owner.get(`/api/ai-insights?projectId=${projectId}`)),
  };
}

function expectContractorWords(where: string, text: string) {
  for (const marker of INTERNAL) expect(text, `${where}: ${text}`).not.toMatch(marker);
}

describe('the sentences a plan leaves, on real estimates', () => {
  it.each(ESTIMATES)(
    '%s',
    async (file, dir, projectType) => {
      const { projectId, tasks, insights } = await planOf(dir, file, projectType);
      expect(insights.length).toBeGreaterThan(0);
      for (const i of insights) {
        expect(i.projectId).toBe(projectId);
        for (const text of [i.title, i.description, i.impact ?? '', i.recommendation ?? ''])
          expectContractorWords(`insight "${i.title}"`, text);
      }
      const reasons = tasks.flatMap((task) => {
        const parsed = parseDependencies(task.dependencies);
        return (parsed.ok ? parsed.value : []).map((l) => ({ task: task.name, reason: l.reason ?? '' }));
      });
      expect(reasons.length).toBeGreaterThan(0);
      for (const { task, reason } of reasons) {
        expect(reason.trim(), `a link of "${task}"`).not.toBe('');
        expectContractorWords(`a link of "${task}"`, reason);
      }
      // An order names what is ordered and the work that installs it (unless that work is named
      // after the goods), never work that takes things out.
      const names = new Set(tasks.map((x) => x.name));
      for (const order of insights.filter((i) => /^Order /.test(i.title))) {
        const m = /^Order (.+?)(?: for "(.+)")? now$/.exec(order.title);
        expect(m, order.title).not.toBeNull();
        const [, what = '', work] = m ?? [];
        expect(what, order.title).not.toMatch(/^"|^for\b/);
        expect(order.description, order.title).toContain(what);
        if (work === undefined) continue;
        expect(names.has(work), order.title).toBe(true);
        expect(what.toLowerCase(), order.title).not.toBe(work.toLowerCase());
        expect(work, order.title).not.toMatch(/demoli|remov|tear/i);
      }
    },
    240_000,
  );
});
