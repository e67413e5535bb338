import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixture } from '../../../../tests/support/fixtures.js';
import type { ParsePdfResponse } from '../../../contracts/ai.js';
import { createOcrEngine } from '../../providers/extract/ocr.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { ownExpected, parseFile, readEstimateOnce, readOwnEstimate } from './ingestion.test-support.js';

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

/** A PNG of the image's rows from `top`, `height` pixels high, at full width. */
async function bandOf(image: Uint8Array, top: number, height: number): Promise<Uint8Array> {
  const whole = await loadImage(Buffer.from(image));
  const band = createCanvas(whole.width, height);
  band.getContext('2d').drawImage(whole, 0, top, whole.width, height, 0, 0, whole.width, height);
  return new Uint8Array(band.toBuffer('image/png'));
}

describe('text recognition', () => {
  it(
    'reads the phone scan of the remodel estimate: its lines, columns and grand total',
    async () => {
      const e = ownExpected().estimates['residential-kitchen-bath-remodel'];
      if (!e) throw new Error('expected.json has no remodel');
      const name = 'residential-kitchen-bath-remodel-scan.png';
      const r = await readEstimateOnce(t.app, user, name, readOwnEstimate(name));
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
    'reads the masonry bid summary photographed without a text layer: the scope amounts and $124,173.00',
    async () => {
      // The image twin of us_masonry_sub_bid_summary.pdf (shared fixtures): brick $60,397.00,
      // stucco $35,055.00, EIFS $28,721.00, grand total $124,173.00.
      const name = 'us_masonry_sub_bid_summary_image.jpg';
      const r = await readEstimateOnce(t.app, user, name, readFixture(`estimates/${name}`));
      expect(r).toMatchObject({ format: 'image', pages: 1, ocr: true, warnings: [] });
      expect(r.content).toMatch(/^GRAND TOTAL: {2,}\$124,173\.00$/m);
      expect(r.content).toContain('Project: Premier Vision');
      expect(r.content).toContain('Email: roman@gwsservices.net');
      // The amounts stand apart as the last column of their description lines, each scope's and the
      // total, and no amount appears that the document does not state.
      const stated = ['60,397.00', '35,055.00', '28,721.00', '124,173.00'];
      const amounts = [...r.content.matchAll(/ {2,}\$([\d,]+\.\d\d)$/gm)].map((m) => m[1]);
      expect(amounts).toEqual(expect.arrayContaining(stated));
      expect(amounts.filter((a) => !stated.includes(a as string))).toEqual([]);
      expect(r.content).toMatch(
        /^two-piece ties, mortar net, and cleanup at exterior brick walls\. Excludes: Waterproofing, flashing, {2,}\$60,397\.00$/m,
      );
      expect(r.content).toMatch(/^raised band, 8" raised band, and cornice\. .* {2,}\$28,721\.00$/m);
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
        // The next image: the scan's last lines (the whole page is recognised by the tests above).
        const text = await engine.recognize(await bandOf(png, 2380, 110), {
          timeoutMs: 90_000,
          label: 'the scan’s grand total',
        });
        expect(text).toMatch(/GRAND TOTAL {2,}\$59,106\.33/);
      } finally {
        await engine.close();
      }
    },
    OCR_TEST_TIMEOUT,
  );
});
