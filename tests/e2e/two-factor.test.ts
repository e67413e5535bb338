import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailText, mailTo } from '../../src/server/testing/mail-text';
import { animationsFinished, DESKTOP, MOBILE, openPage } from './support/browser';
import { SHOTS_DIR, shot } from './support/shots';
import { type CapturingSmtpServer, startSmtpServer } from './support/smtp';
import {
  browserSuite,
  expectAccessible,
  signUpWithCompany,
  TEST_PASSWORD,
  uniqueEmail,
} from './support/suite';

/**
 * Two-step sign-in in the browser against the real server: set up from account settings by reading
 * the setup key off the page, then signing in with a code made here and with a recovery code; and a
 * company whose owner requires it, whose invited member is sent to set it up before anything else.
 * With SHOTS_DIR set, the setup card and the second step are shot at 1280 and 390 px.
 */
let smtp: CapturingSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});
const suite = browserSuite(() => ({ SMTP_URL: smtp.url }));

/**
 * A code of the next time step: the server accepts one step either side, and a step later than the
 * one a setup just used (a code is accepted once only).
 */
const nextCode = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + 30_000,
  });
const currentCode = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

const twoFactorCard = (page: Page): Locator =>
  page.locator('div.rounded-xl', { has: page.getByRole('heading', { name: 'Two-step sign-in' }) });

/** With SHOTS_DIR set: one part of the page at the desktop and the phone width, as `<name>-<width>.png`. */
async function shotBothWidths(page: Page, part: Locator, name: string) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const own = page.viewportSize();
  for (const size of [DESKTOP, MOBILE]) {
    await page.setViewportSize(size);
    await animationsFinished(page);
    // The page's sticky header would cover the top of a part scrolled under it.
    await part.screenshot({
      path: join(SHOTS_DIR, `${name}-${size.width}.png`),
      style: 'header { position: static !important; }',
    });
  }
  if (own) await page.setViewportSize(own);
}

/** Scans nothing: reads the setup key shown beside the QR code, confirms with a code, answers both. */
async function confirmSetup(page: Page, scope: Locator, name?: string) {
  const key = scope.getByTestId('two-factor-secret');
  await key.waitFor();
  await scope.getByRole('img', { name: /QR code/ }).waitFor();
  await expectAccessible(page);
  if (name) await shotBothWidths(page, scope, name);
  const secret = (await key.innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await scope.getByLabel('6-digit code').fill(currentCode(secret));
  await scope.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const list = scope.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  const recoveryCodes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  expect(recoveryCodes).toHaveLength(10);
  return { secret, recoveryCodes };
}

/** Two-step sign-in turned on from account settings. */
async function setUpFromSettings(page: Page, shotName?: string) {
  await page.goto('/account-settings');
  const card = twoFactorCard(page);
  await card.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await card.getByLabel('Current password').fill(TEST_PASSWORD);
  await card.getByRole('button', { name: 'Continue' }).click();
  const result = await confirmSetup(page, card, shotName);
  if (shotName) await shotBothWidths(page, card, `${shotName}-recovery-codes`);
  await card.getByRole('button', { name: 'I saved my recovery codes' }).click();
  await card.getByText('10 of 10 recovery codes left.').waitFor();
  return result;
}

/** Signs out from a public page, so that no screen of the signed-in app asks for anything meanwhile. */
async function signOut(page: Page) {
  await page.goto('/about');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const res = await page.request.post('/api/auth/logout');
  expect(res.status()).toBe(200);
}

/** The password step of the sign-in form, which leads to the second step. */
async function passwordStep(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/signin/two-factor');
  await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
}

const signedInScreen = (url: URL) => ['/subscription-setup', '/projects'].includes(url.pathname);

describe('two-step sign-in', () => {
  it('is set up from account settings, then signs in with a code of the app and with a recovery code', async () => {
    const { page } = await suite.open();
    const email = uniqueEmail('two-step');
    await signUpWithCompany(page, { email });
    const { secret, recoveryCodes } = await setUpFromSettings(page, 'two-factor-setup');

    await signOut(page);
    await passwordStep(page, email);
    await expectAccessible(page);
    await shot(page, 'two-factor-sign-in', { bothWidths: true });
    await page.getByLabel('Authentication code').fill(nextCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    // On to where a sign-in goes (the trial page or the Portfolio, as the trial was set up or not).
    await page.waitForURL(signedInScreen);
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);

    await signOut(page);
    await passwordStep(page, email);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
    await shot(page, 'two-factor-sign-in-recovery');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(signedInScreen);
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
    await page.goto('/account-settings');
    await twoFactorCard(page).getByText('9 of 10 recovery codes left.').waitFor();
  });

  it('is required by the owner for the company; an invited member is made to set it up first', async () => {
    const owner = await suite.open();
    const page = owner.page;
    await signUpWithCompany(page, { email: uniqueEmail('strict-owner'), company: 'Strict Builders' });
    await setUpFromSettings(page);
    const card = twoFactorCard(page);
    await card.getByLabel('Require two-step sign-in for everyone in Strict Builders').click();
    await page.getByText('Two-step sign-in required', { exact: true }).first().waitFor();
    await expect.poll(() => card.getByRole('checkbox').getAttribute('aria-checked')).toBe('true');

    const invitee = uniqueEmail('strict-crew');
    const invited = await page.request.post('/api/team/invites', {
      data: { email: invitee, role: 'member' },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    let link: string | undefined;
    await expect
      .poll(() => {
        const raw = [...smtp.messages].reverse().find((m) => mailTo(m).includes(invitee));
        link = raw
          ? /https?:\/\/[^\s"<>]+\/signup\?invite=[A-Za-z0-9_-]+/.exec(mailText(raw))?.[0]
          : undefined;
        return link;
      })
      .toBeDefined();

    const guest = await openPage(suite.browser, suite.server.baseUrl);
    // Opening the Portfolio asks for its projects as the page starts, before the session's gate
    // sends the member on: the server refuses them until two-step sign-in is set up.
    guest.expectHttpError({ status: 403, path: '/api/projects' });
    try {
      const g = guest.page;
      const url = new URL(link ?? '');
      await g.goto(`${url.pathname}${url.search}`);
      await g.getByLabel('First name').fill('Casey');
      await g.getByLabel('Last name').fill('Crew');
      await g.getByLabel('Email').fill(invitee);
      await g.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
      await g.getByLabel('Confirm password').fill(TEST_PASSWORD);
      await g.getByRole('button', { name: 'Create Account' }).click();
      // Signed up into the company, the member is sent to set it up, and cannot go elsewhere.
      await g.waitForURL('**/two-factor-setup');
      await g.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
      await g.goto('/projects');
      await g.waitForURL('**/two-factor-setup');
      const blocked = await g.request.get('/api/projects');
      expect(blocked.status()).toBe(403);
      expect(((await blocked.json()) as { code: string }).code).toBe('two_factor_setup_required');

      const setup = g.locator('main');
      await setup.getByLabel('Current password').fill(TEST_PASSWORD);
      await setup.getByRole('button', { name: 'Continue' }).click();
      await confirmSetup(g, setup, 'two-factor-required-setup');
      await setup.getByRole('button', { name: 'I saved my recovery codes' }).click();
      await g.waitForURL('**/projects');
      await g.getByRole('heading', { level: 1, name: 'Portfolio' }).waitFor();
      expect(guest.problems).toEqual([]);
    } finally {
      await guest.close();
    }
  });
});
