import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsePdfResponse } from '../../../contracts/ai.js';
import { createOcrEngine } from '../../providers/extract/ocr.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { ownExpected, parseFile, readOwnEstimate } from './ingestion.test-support.js';

/** Text recognition is slow on a shared 2-core machine: few cases, generous time. */
const OCR_TEST_TIMEOUT = 120_000;

let t: TestApp;
let user: Agent;

beforeAll(async () => {
  t = await createTestApp();
  user = t.agent();
  await user.signUpWithCompany({ company: 'Scan Builders' });
});
afterAll(async () => {
  await t.close();
});

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('text recognition', () => {
  it(
    'reads the phone scan of the remodel estimate: its lines, columns and grand total',
    async () => {
      const e = ownExpected().estimates['residential-kitchen-bath-remodel'];
      if (!e) throw new Error('expected.json has no remodel');
      const res = await parseFile(
        t.app,
        user,
        'IMG_2041.png',
        readOwnEstimate('residential-kitchen-bath-remodel-scan.png'),
      );
      expect(res.statusCode).toBe(200);
      const r = json<ParsePdfResponse>(res);
      expect(r).toMatchObject({ format: 'image', pages: 1, ocr: true, warnings: [] });
      expect(r.content).toMatch(/^GRAND TOTAL {2,}\$59,106\.33$/m);
      expect(r.content).toMatch(/^CONSTRUCTION SUBTOTAL {2,}45,834\.60$/m);
      expect(r.content).toContain('Daniel & Priya Whitaker');
      // Item lines keep the description and the amount apart as columns; recognition may misread
      // a quantity or unit here and there, so the lines are matched by description and amount.
      const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2 });
      const found = e.items.filter((i) =>
        new RegExp(`^${escapeRegExp(i.description)} {2,}.* {2,}${escapeRegExp(money(i.amount))}$`, 'm').test(
          r.content,
        ),
      );
      expect(found.length).toBeGreaterThanOrEqual(Math.ceil(e.items.length * 0.8));
      expect(found.map((i) => i.description)).toEqual(
        expect.arrayContaining([
          'Quartz countertops, fabricated and installed',
          'Luxury vinyl plank, kitchen and dining',
          'Hang, tape and finish drywall',
        ]),
      );
    },
    OCR_TEST_TIMEOUT,
  );

  it(
    'reads a scanned PDF page (no text layer) by rendering and recognising it',
    async () => {
      const page = ownExpected().scannedPage;
      const res = await parseFile(t.app, user, 'scan.pdf', readOwnEstimate(page.file));
      expect(res.statusCode).toBe(200);
      const r = json<ParsePdfResponse>(res);
      expect(r).toMatchObject({ format: 'pdf', pages: 1, ocr: true });
      for (const line of page.keyLines) expect(r.content).toContain(line);
      expect(r.content).toMatch(/^Rough-in plumbing, kitchen sink and dishwasher {2,}.* {2,}2,400\.00$/m);
    },
    OCR_TEST_TIMEOUT,
  );

  it(
    'answers 422 when recognising a page takes longer than allowed',
    async () => {
      const slow = await createTestApp({ OCR_PAGE_TIMEOUT_SECONDS: '0.05' });
      try {
        const agent = slow.agent();
        await agent.signUpWithCompany();
        const res = await parseFile(
          slow.app,
          agent,
          'IMG_2041.png',
          readOwnEstimate('residential-kitchen-bath-remodel-scan.png'),
        );
        expect(res.statusCode).toBe(422);
        expect(json(res)).toMatchObject({ code: 'ocr_timeout' });
        expect(json(res).message).toMatch(
          /^Text recognition took too long on "IMG_2041\.png" \(over 0\.05 s\)/,
        );
      } finally {
        await slow.close();
      }
    },
    OCR_TEST_TIMEOUT,
  );

  it(
    'stops the timed-out job and recognises the next image with fresh workers',
    async () => {
      const engine = createOcrEngine({ workers: 1 });
      try {
        const png = readOwnEstimate('residential-kitchen-bath-remodel-scan.png');
        await expect(engine.recognize(png, { timeoutMs: 20, label: 'the scan' })).rejects.toMatchObject({
          statusCode: 422,
          code: 'ocr_timeout',
        });
        const text = await engine.recognize(png, { timeoutMs: 90_000, label: 'the scan' });
        expect(text).toMatch(/GRAND TOTAL {2,}\$59,106\.33/);
      } finally {
        await engine.close();
      }
    },
    OCR_TEST_TIMEOUT,
  );
});
