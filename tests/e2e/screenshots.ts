/**
 * Screenshots of every screen at 1280 px and 390 px into ./screenshots/ (git-ignored), against the
 * real server. Run: npx tsx tests/e2e/screenshots.ts
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { type AppServer, startAppServer } from './support/app-server';
import {
  animationsFinished,
  DESKTOP,
  launchBrowser,
  MOBILE,
  openPage,
  type TestPage,
} from './support/browser';

const OUT = resolve(import.meta.dirname, '../../screenshots');

async function shoot(page: Page, name: string, width: number) {
  await animationsFinished(page);
  await page.screenshot({ path: join(OUT, `${name}-${width}.png`), fullPage: true });
}

async function signUpWithCompany(page: Page, email: string) {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Builder');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('concrete-42');
  await page.getByLabel('Confirm password').fill('concrete-42');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // Sign-up leads to trial setup, which asks for the company first (onboarding).
  await page.waitForURL('**/subscription-setup');
  await page.getByRole('link', { name: 'Set up my company' }).click();
  await page.waitForURL('**/onboarding');
}

async function run(
  browser: Browser,
  server: AppServer,
  expiredServer: AppServer,
  viewport: { width: number; height: number },
) {
  const w = viewport.width;
  const problems: string[] = [];
  const track = (t: TestPage) => {
    t.expectHttpError({ status: 401, path: '/api/auth/signin' });
    // The not-found screen is answered with status 404.
    t.expectHttpError({ status: 404, path: '/no-such-page' });
    return t;
  };

  const anon = track(await openPage(browser, server.baseUrl, viewport));
  const { page } = anon;
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await shoot(page, 'landing', w);
  await page.goto('/signin');
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  await shoot(page, 'signin', w);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText('Password is required').waitFor();
  await shoot(page, 'signin-errors', w);
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText('Sign in failed', { exact: true }).waitFor();
  await shoot(page, 'signin-failed-toast', w);
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByText('First name is required').waitFor();
  await shoot(page, 'signup-errors', w);
  await page.goto('/password-reset');
  await shoot(page, 'password-reset', w);
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await page.getByRole('heading', { name: 'Email Sent!' }).waitFor();
  await shoot(page, 'password-reset-sent', w);
  await page.goto('/password-reset?token=abcdefghijklmnop');
  await shoot(page, 'password-reset-token', w);
  for (const path of ['about', 'contact-support', 'test-auth', 'no-such-page']) {
    await page.goto(`/${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, path, w);
  }
  problems.push(...anon.problems);
  await anon.close();

  const user = track(await openPage(browser, server.baseUrl, viewport));
  const p = user.page;
  await signUpWithCompany(p, `shots-${w}-${Date.now()}@example.com`);
  await shoot(p, 'onboarding-step1', w);
  await p.goto('/subscription-setup');
  await p.getByRole('heading', { name: 'Set up your company' }).waitFor();
  await shoot(p, 'subscription-setup', w);
  await p.goto('/onboarding');
  await p.getByLabel('Company name').fill('Summit Builders');
  await p.getByRole('combobox', { name: 'Company type' }).click();
  await p.getByRole('option').first().waitFor();
  await shoot(p, 'onboarding-select-open', w);
  await p.getByRole('option', { name: 'General Contractor' }).click();
  await p.getByRole('button', { name: 'Continue' }).click();
  await p.getByRole('heading', { name: "You're all set" }).waitFor();
  await shoot(p, 'onboarding-step2', w);
  await p.getByRole('button', { name: 'Start Building with AI' }).click();
  await p.getByRole('link', { name: 'Continue to Dashboard' }).click();
  await p.getByRole('heading', { level: 1, name: 'Portfolio' }).waitFor();
  await shoot(p, 'home-portfolio', w);
  const screens = [
    'projects',
    // A project and a task need data: tests/e2e/screenshots-projects.ts shoots them with some.
    'contacts',
    'schedule',
    'ai-insights',
    'profile',
    'account-settings',
    'admin',
  ];
  for (const path of screens) {
    await p.goto(`/${path}`);
    await p.getByRole('heading', { level: 1 }).waitFor();
    await shoot(p, `app-${path.replaceAll('/', '-')}`, w);
  }
  if (w < 1024) {
    await p.getByRole('button', { name: 'Open menu' }).click();
    await p.getByRole('menu').waitFor();
    await shoot(p, 'app-mobile-menu', w);
    await p.keyboard.press('Escape');
  } else {
    await p.getByRole('link', { name: 'Settings' }).hover();
    await p.getByRole('tooltip').waitFor();
    await shoot(p, 'app-settings-tooltip', w);
  }
  await p.goto('/projects');
  await p.getByRole('heading', { level: 1, name: 'Portfolio' }).waitFor();
  if (w < 1024) {
    await p.getByRole('button', { name: 'Open menu' }).click();
    await p.getByRole('menuitem', { name: 'Logout' }).click();
  } else {
    await p.getByRole('button', { name: 'Logout' }).click();
  }
  await p.getByText('Logged out successfully', { exact: true }).waitFor();
  await shoot(p, 'after-logout-toast', w);
  problems.push(...user.problems);
  await user.close();

  // A company whose trial has ended (TRIAL_DAYS=0 on the second server).
  const expired = track(await openPage(browser, expiredServer.baseUrl, viewport));
  const e = expired.page;
  await signUpWithCompany(e, `expired-${w}-${Date.now()}@example.com`);
  await e.getByLabel('Company name').fill('Lapsed Builders');
  await e.getByRole('combobox', { name: 'Company type' }).click();
  await e.getByRole('option', { name: 'Residential' }).click();
  // With a zero-day trial the gate sends the new company straight to /payment-required.
  await e.getByRole('button', { name: 'Continue' }).click();
  await e.waitForURL('**/payment-required');
  await e.getByRole('heading', { level: 1 }).waitFor();
  await shoot(e, 'payment-required', w);
  problems.push(...expired.problems);
  await expired.close();
  return problems;
}

/** The screens of the public site, trial setup and account in their states. */
async function runAccountScreens(
  browser: Browser,
  server: AppServer,
  expiredServer: AppServer,
  viewport: { width: number; height: number },
) {
  const w = viewport.width;
  const problems: string[] = [];

  const anon = await openPage(browser, server.baseUrl, viewport);
  const a = anon.page;
  await a.goto('/');
  await a.getByRole('button', { name: 'Next slide' }).click();
  await a.getByRole('button', { name: 'Monthly' }).click();
  await a.getByRole('region', { name: 'See How It Works' }).scrollIntoViewIfNeeded();
  await animationsFinished(a);
  await a.screenshot({ path: join(OUT, `landing-carousel-${w}.png`) });
  await a.getByRole('region', { name: 'Simple, transparent pricing' }).scrollIntoViewIfNeeded();
  await animationsFinished(a);
  await a.screenshot({ path: join(OUT, `landing-pricing-monthly-${w}.png`) });
  await a.goto('/contact-support');
  await a.getByRole('button', { name: 'Send Feedback' }).click();
  await a.getByText('Please select a category').waitFor();
  await shoot(a, 'contact-support-errors', w);
  await a.getByLabel('Email').fill('pat@example.com');
  await a.getByRole('combobox', { name: 'Category' }).click();
  await a.getByRole('option', { name: 'Bug Report' }).click();
  await a.getByLabel('Subject').fill('Calendar glitch');
  await a.getByLabel('Message').fill('The week view skips Sunday sometimes.');
  await a.getByRole('button', { name: 'Send Feedback' }).click();
  await a.getByRole('heading', { name: 'Thank you for your feedback!' }).waitFor();
  await shoot(a, 'contact-support-sent', w);
  problems.push(...anon.problems);
  await anon.close();

  const user = await openPage(browser, server.baseUrl, viewport);
  const p = user.page;
  await signUpWithCompany(p, `account-${w}-${Date.now()}@example.com`);
  await p.getByLabel('Company name').fill('Summit Builders');
  await p.getByRole('combobox', { name: 'Company type' }).click();
  await p.getByRole('option', { name: 'General Contractor' }).click();
  await p.getByRole('button', { name: 'Continue' }).click();
  await p.getByRole('heading', { name: "You're all set" }).waitFor();
  await p.goto('/subscription-setup');
  await p.getByText(/Trial active/).waitFor();
  await shoot(p, 'subscription-setup-trial', w);
  await p.getByLabel('Promo code').fill('build20');
  await p.getByRole('button', { name: 'Apply' }).click();
  await p.getByText('Promo Code Applied!', { exact: true }).waitFor();
  await p.getByText(/Promo BUILD20 applied/).waitFor();
  await shoot(p, 'subscription-setup-promo', w);
  await p.goto('/contact-support');
  await p.getByRole('heading', { level: 1, name: 'Contact Support' }).waitFor();
  await shoot(p, 'contact-support-signed-in', w);
  await p.goto('/profile');
  await p.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
  await shoot(p, 'profile', w);
  await p.getByRole('button', { name: 'Edit' }).click();
  await p.getByLabel('First name').fill('');
  await p.getByRole('button', { name: 'Save Changes' }).click();
  await p.getByText('First name is required').waitFor();
  await shoot(p, 'profile-edit-errors', w);
  await p.goto('/account-settings');
  await p.getByRole('heading', { level: 1, name: 'Account Settings' }).waitFor();
  await shoot(p, 'account-settings', w);
  await p.getByRole('checkbox').click();
  await p.getByRole('button', { name: 'Cancel Trial' }).click();
  await p.getByRole('dialog').waitFor();
  await shoot(p, 'account-settings-cancel-dialog', w);
  await p.keyboard.press('Escape');
  await p.getByRole('dialog').waitFor({ state: 'detached' });
  await p.getByRole('button', { name: 'Delete Account' }).click();
  await p.getByLabel('Confirmation').fill('delete');
  await p.getByRole('button', { name: 'Delete My Account' }).click();
  await p.getByText('Please type DELETE to confirm', { exact: true }).waitFor();
  await shoot(p, 'account-settings-delete-dialog', w);
  problems.push(...user.problems);
  await user.close();

  const expired = await openPage(browser, expiredServer.baseUrl, viewport);
  const e = expired.page;
  await signUpWithCompany(e, `lapsed-${w}-${Date.now()}@example.com`);
  await e.getByLabel('Company name').fill('Lapsed Builders');
  await e.getByRole('combobox', { name: 'Company type' }).click();
  await e.getByRole('option', { name: 'Residential' }).click();
  await e.getByRole('button', { name: 'Continue' }).click();
  await e.waitForURL('**/payment-required');
  await e.getByRole('button', { name: 'Fix My Subscription Status' }).click();
  await e.getByText('Could Not Fix Subscription', { exact: true }).waitFor();
  await shoot(e, 'payment-required-fix-failed', w);
  await e.getByRole('button', { name: 'Subscribe Now' }).click();
  await e.getByRole('heading', { name: 'Processing your payment' }).waitFor();
  await e.screenshot({ path: join(OUT, `payment-processing-${w}.png`), fullPage: true });
  await e.getByText('Welcome aboard!', { exact: true }).waitFor();
  await e.screenshot({ path: join(OUT, `payment-welcome-${w}.png`), fullPage: true });
  await e.waitForURL((url) => url.pathname === '/');
  problems.push(...expired.problems);
  await expired.close();
  return problems;
}

mkdirSync(OUT, { recursive: true });
const server = await startAppServer();
const expiredServer = await startAppServer({ TRIAL_DAYS: '0' });
const browser = await launchBrowser();
try {
  const problems = [
    ...(await run(browser, server, expiredServer, DESKTOP)),
    ...(await run(browser, server, expiredServer, MOBILE)),
    ...(await runAccountScreens(browser, server, expiredServer, DESKTOP)),
    ...(await runAccountScreens(browser, server, expiredServer, MOBILE)),
  ];
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exitCode = 1;
  }
  console.log(`screenshots written to ${OUT}`);
} finally {
  await browser.close();
  await server.close();
  await expiredServer.close();
}
