import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Tesseract from 'tesseract.js';
import { AppError } from '../../errors.js';
import { extractError } from './errors.js';
import { type PositionedText, rebuildLines } from './lines.js';
import { createOcrCpuShare, OCR_WALL_CEILING_BUDGETS, type OcrCharge } from './ocr-budget.js';
import type { Ocr } from './types.js';

/**
 * Text recognition with tesseract.js: its English model is read from the `@tesseract.js-data/eng`
 * package on disk (nothing is downloaded), recognition runs in tesseract.js worker threads created
 * once and shared through its scheduler, and each image has a time budget (CPU time, see
 * ocr-budget.ts) after which its worker is stopped (the job does not keep running) and the upload is
 * answered 422.
 */
export interface OcrEngine extends Ocr {
  /**
   * Starts the workers (and loads the model) ahead of the first scan; resolves when they are ready.
   * A failure is left for the first scan to report.
   */
  warmUp(): Promise<void>;
  /** Stops the workers; a later `recognize` starts new ones. */
  close(): Promise<void>;
}

export interface OcrEngineOptions {
  workers: number;
  /** Jobs allowed to wait for a free worker before new ones are answered 503. */
  maxQueue?: number;
  /** Where tesseract.js may keep its unpacked model (default: the OS temp folder). */
  cachePath?: string;
}

/** The folder holding `eng.traineddata.gz` (the LSTM "best_int" model used with `OEM.LSTM_ONLY`). */
export function englishModelDir(): string {
  const pkg = createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json');
  return join(dirname(pkg), '4.0.0_best_int');
}

interface Generation {
  scheduler: Tesseract.Scheduler;
  ready: Promise<void>;
  retired: boolean;
  /** Rejecters of the jobs running on this generation, so retiring it can hand them back for a retry. */
  running: Set<(err: Error) => void>;
}

class Retired extends Error {}

type Word = { text: string; bbox: Tesseract.Bbox; confidence: number };

/** Words of a recognised page, de-skewed by the median baseline slope so lines group across columns. */
export function wordsToItems(page: Tesseract.Page): PositionedText[] {
  const lines = (page.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
  const slopes = lines
    .map((l) => {
      const dx = l.baseline.x1 - l.baseline.x0;
      return dx > 50 ? (l.baseline.y1 - l.baseline.y0) / dx : Number.NaN;
    })
    .filter((s) => Number.isFinite(s))
    .sort((a, b) => a - b);
  const slope = slopes.length > 0 ? (slopes[Math.floor(slopes.length / 2)] ?? 0) : 0;
  const items: PositionedText[] = [];
  for (const line of lines) {
    for (const word of line.words as Word[]) {
      const text = word.text.trim();
      if (!text) continue;
      const { x0, y0, x1, y1 } = word.bbox;
      const cx = (x0 + x1) / 2;
      items.push({ text, x: x0, y: (y0 + y1) / 2 - slope * cx, width: x1 - x0, height: y1 - y0 });
    }
  }
  return items;
}

export function createOcrEngine(options: OcrEngineOptions): OcrEngine {
  const workers = Math.max(1, options.workers);
  const maxQueue = options.maxQueue ?? 50;
  const cachePath = options.cachePath ?? join(tmpdir(), 'babe-ocr-cache');
  let current: Generation | undefined;
  let busy = 0;
  const waiting: (() => void)[] = [];
  const cpuShare = createOcrCpuShare();

  function start(): Generation {
    mkdirSync(cachePath, { recursive: true });
    const scheduler = Tesseract.createScheduler();
    const gen: Generation = { scheduler, ready: Promise.resolve(), retired: false, running: new Set() };
    gen.ready = (async () => {
      const made = await Promise.all(
        Array.from({ length: workers }, () =>
          Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
            langPath: englishModelDir(),
            gzip: true,
            cachePath,
            cacheMethod: 'none',
            // Without a handler tesseract.js rethrows a failed job in its message listener,
            // which would be an uncaught exception; the job's promise carries the error instead.
            errorHandler: () => undefined,
          }),
        ),
      );
      for (const w of made) scheduler.addWorker(w);
    })();
    return gen;
  }

  function retire(gen: Generation) {
    if (gen.retired) return;
    gen.retired = true;
    if (current === gen) current = undefined;
    for (const reject of gen.running) reject(new Retired('OCR workers restarted'));
    gen.running.clear();
    gen.ready.then(() => gen.scheduler.terminate()).catch(() => undefined);
  }

  async function slot(): Promise<() => void> {
    if (busy >= workers) {
      if (waiting.length >= maxQueue) {
        throw new AppError(503, 'ocr_busy', 'Text recognition is busy; try again in a minute.');
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    busy += 1;
    return () => {
      busy -= 1;
      waiting.shift()?.();
    };
  }

  /** How often a running recognition's budget is looked at. */
  const checkEveryMs = (budgetMs: number) => Math.min(250, Math.max(10, budgetMs / 5));

  async function runOnce(
    image: Buffer,
    /** The page's charge, started once the workers are ready (model loading is not charged). */
    chargeFrom: () => OcrCharge,
    label: string,
    /** The page's budget, for the message (a retry runs on what is left of it). */
    limitMs: number,
  ): Promise<Tesseract.Page> {
    current ??= start();
    const gen = current;
    try {
      await gen.ready;
    } catch (err) {
      retire(gen);
      throw new AppError(
        500,
        'ocr_unavailable',
        `Text recognition could not start: ${(err as Error).message}`,
      );
    }
    const charge = chargeFrom();
    return new Promise<Tesseract.Page>((resolve, reject) => {
      let settled = false;
      const done = () => {
        settled = true;
        clearInterval(timer);
        gen.running.delete(rejectRetired);
      };
      const rejectRetired = (err: Error) => {
        if (settled) return;
        done();
        reject(err);
      };
      const timer = setInterval(() => {
        if (settled || !charge.exceeded()) return;
        done();
        // The only way to stop a running recognition is to stop its worker: retire the generation.
        retire(gen);
        reject(
          extractError(
            'ocr_timeout',
            `Text recognition took too long on ${label} (over ${Number((limitMs / 1000).toFixed(2))} s). Upload a clearer or smaller scan, or the original PDF or spreadsheet.`,
          ),
        );
      }, checkEveryMs(limitMs));
      gen.running.add(rejectRetired);
      gen.scheduler.addJob('recognize', image, {}, { text: true, blocks: true }).then(
        (result) => {
          if (settled) return;
          done();
          resolve(result.data);
        },
        (err: unknown) => {
          if (settled) return;
          done();
          reject(
            extractError(
              'corrupt',
              `The image ${label} could not be read: ${typeof err === 'string' ? err : ((err as Error)?.message ?? 'unknown error')}.`,
            ),
          );
        },
      );
    });
  }

  return {
    async warmUp() {
      current ??= start();
      await current.ready.catch(() => undefined);
    },
    async recognize(image, { timeoutMs, label }) {
      const release = await slot();
      const limits = { budgetMs: timeoutMs, wallCeilingMs: OCR_WALL_CEILING_BUDGETS * timeoutMs };
      let charge: OcrCharge | undefined;
      const chargeFrom = () => {
        charge ??= cpuShare.start(limits);
        return charge;
      };
      try {
        const buffer = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
        for (let attempt = 0; ; attempt++) {
          try {
            const page = await runOnce(buffer, chargeFrom, label, timeoutMs);
            return rebuildLines(wordsToItems(page));
          } catch (err) {
            // Another job's time-out stopped the workers this one ran on: run it again.
            if (err instanceof Retired && attempt < 2 && !charge?.exceeded()) continue;
            if (err instanceof Retired) {
              throw extractError('ocr_timeout', `Text recognition took too long on ${label}.`);
            }
            throw err;
          }
        }
      } finally {
        charge?.end();
        release();
      }
    },
    async close() {
      const gen = current;
      current = undefined;
      if (!gen) return;
      gen.retired = true;
      for (const reject of gen.running) reject(new Retired('OCR stopped'));
      gen.running.clear();
      try {
        await gen.ready;
        await gen.scheduler.terminate();
      } catch {
        // workers that never started need no stopping
      }
    },
  };
}
