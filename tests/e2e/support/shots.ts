/**
 * Screenshots for people to look at, never for the tests to compare: written only when SHOTS_DIR is
 * set (`SHOTS_DIR=/tmp/shots npx vitest run --project e2e …`), so that the suite spends nothing on
 * encoding images nobody opens.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { animationsFinished, DESKTOP, MOBILE } from './browser';

/** Where screenshots go; unset, none are taken. */
export const SHOTS_DIR = process.env.SHOTS_DIR || undefined;

function pathFor(file: string): string | undefined {
  if (!SHOTS_DIR) return undefined;
  mkdirSync(SHOTS_DIR, { recursive: true });
  return join(SHOTS_DIR, file);
}

export interface ShotOptions {
  /** The whole page rather than what the window shows (default true). */
  fullPage?: boolean;
  /** At the desktop and at the phone width, then back to the page's own size (default: its size only). */
  bothWidths?: boolean;
}

/** With SHOTS_DIR set: the page as `<name>-<width>.png`, once its animations have finished. */
export async function shot(page: Page, name: string, options: ShotOptions = {}): Promise<void> {
  if (!SHOTS_DIR) return;
  const fullPage = options.fullPage ?? true;
  const own = page.viewportSize();
  const sizes = options.bothWidths ? [DESKTOP, MOBILE] : own ? [own] : [DESKTOP];
  for (const size of sizes) {
    if (options.bothWidths) await page.setViewportSize(size);
    await animationsFinished(page);
    await page.screenshot({ path: pathFor(`${name}-${size.width}.png`), fullPage });
  }
  if (options.bothWidths && own) await page.setViewportSize(own);
}

/** With SHOTS_DIR set: one element of the page as `<name>.png`. */
export async function shotOf(element: Locator, name: string): Promise<void> {
  const path = pathFor(`${name}.png`);
  if (path) await element.screenshot({ path });
}

/**
 * With SHOTS_DIR set: what the page printed, as `<name>.pdf`, and the page in print mode at about the
 * printable width of a landscape Letter sheet (279 mm less two 10 mm margins), as `<name>-mode-980.png`.
 */
export async function shotPrinted(page: Page, name: string, pdf: Uint8Array): Promise<void> {
  const path = pathFor(`${name}.pdf`);
  if (!path) return;
  writeFileSync(path, pdf);
  const own = page.viewportSize();
  await page.setViewportSize({ width: 980, height: 740 });
  await shot(page, `${name}-mode`);
  if (own) await page.setViewportSize(own);
}
