/**
 * Screenshots of trial setup with either billing provider (and without Stripe.js), and of the
 * profile, at 1280 px and 390 px, against the real server (Stripe's API and Stripe.js are the tests'
 * stand-ins). Run: npx tsx tests/e2e/screenshots-billing.ts [output directory, default ./screenshots]
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startStripeStandIn } from '../../src/server/providers/billing/stripe-stand-in.test-support';
import { type AppServer, startAppServer } from './support/app-server';
import { animationsFinished, DESKTOP, launchBrowser, MOBILE, openPage } from './support/browser';
import { STRIPE_JS_PATH, serveStripeJs } from './support/stripe-js';
import { signUpWithCompany, uniqueEmail } from './support/suite';

const OUT = resolve(process.argv[2] ?? resolve(import.meta.dirname, '../../screenshots'));

async function shoot(page: Page, name: string, width: number) {
  await animationsFinished(page);
  await page.screenshot({ path: join(OUT, `${name}-${width}.png`), fullPage: true });
}

/** A new user with a company, on trial setup after onboarding. */
async function toTrialSetup(page: Page) {
  await signUpWithCompany(page, { email: uniqueEmail('shots') });
  await page.getByRole('button', { name: 'Start Building with AI' }).click();
  await page.waitForURL('**/subscription-setup');
  await page.getByText(/Trial active/).waitFor();
  // The welcome notice of onboarding goes first: the shot is of the page.
  await page.getByText('Welcome aboard!', { exact: true }).waitFor({ state: 'detached' });
}

async function run(
  browser: Browser,
  builtin: AppServer,
  stripe: AppServer,
  viewport: { width: number; height: number },
) {
  const w = viewport.width;
  const problems: string[] = [];

  const plain = await openPage(browser, builtin.baseUrl, viewport);
  await toTrialSetup(plain.page);
  await plain.page.getByText('No card is needed here').waitFor();
  await shoot(plain.page, 'billing-setup-builtin', w);
  await plain.page.goto('/profile');
  await plain.page.getByText('Annual plan — $100 per year').waitFor();
  await shoot(plain.page, 'billing-profile', w);
  problems.push(...plain.problems);
  await plain.close();

  const card = await openPage(browser, stripe.baseUrl, viewport);
  await serveStripeJs(card.page, true);
  await toTrialSetup(card.page);
  await card.page.getByLabel('Card number').waitFor();
  await card.page.getByRole('button', { name: 'Save Card & Start Trial' }).waitFor();
  await shoot(card.page, 'billing-setup-stripe', w);
  problems.push(...card.problems);
  await card.close();

  const offline = await openPage(browser, stripe.baseUrl, viewport);
  offline.expectHttpError({ status: 503, path: STRIPE_JS_PATH });
  await serveStripeJs(offline.page, false);
  await toTrialSetup(offline.page);
  await offline.page.getByText('The secure card form could not be loaded.').waitFor();
  await shoot(offline.page, 'billing-setup-stripe-unavailable', w);
  await offline.page.goto('/profile');
  await offline.page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
  await shoot(offline.page, 'billing-profile-stripe', w);
  problems.push(...offline.problems);
  await offline.close();
  return problems;
}

mkdirSync(OUT, { recursive: true });
const stripeApi = await startStripeStandIn();
const builtin = await startAppServer();
const stripe = await startAppServer(stripeApi.env);
const browser = await launchBrowser();
try {
  const problems = [
    ...(await run(browser, builtin, stripe, DESKTOP)),
    ...(await run(browser, builtin, stripe, MOBILE)),
  ];
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exitCode = 1;
  }
  console.log(`screenshots written to ${OUT}`);
} finally {
  await browser.close();
  await builtin.close();
  await stripe.close();
  await stripeApi.close();
}
