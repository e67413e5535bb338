import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo as mailRecipients, mailText } from '../../src/server/testing/mail-text';
import { decodeQuotedPrintable } from './support/app-server';
import { MOBILE, openPage } from './support/browser';
import { shot } from './support/shots';
import { type CapturingSmtpServer, startSmtpServer } from './support/smtp';
import {
  browserSuite,
  expectAccessible,
  signUpWithCompany,
  TEST_PASSWORD,
  uniqueEmail,
} from './support/suite';

// Mail goes through a real SMTP server started first; the reset test reads its link from there.
// (Registered before the suite, its `afterAll` runs after the app server has closed.)
let smtp: CapturingSmtpServer | undefined;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});
const smtpServer = () => {
  if (!smtp) throw new Error('the SMTP server starts in beforeAll');
  return smtp;
};

const suite = browserSuite(() => ({ SMTP_URL: smtpServer().url }));
const open = (viewport?: { width: number; height: number }) => suite.open(viewport);

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until `name` is the one highlighted (aria-current) entry of the main navigation. */
async function currentNavEntry(page: Page, name: string) {
  const current = page.getByRole('navigation', { name: 'Main' }).locator('a[aria-current="page"]');
  await current.filter({ hasText: name }).waitFor();
  expect(await current.count()).toBe(1);
}

async function signUp(page: Page, email: string, password: string) {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Builder');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  // Sign-up leads to trial setup, which asks for the company first.
  await page.waitForURL('**/subscription-setup');
  await page.getByRole('heading', { name: 'Set up your company' }).waitFor();
  await page.getByRole('link', { name: 'Set up my company' }).click();
  await page.waitForURL('**/onboarding');
}

/** Onboarding's last step leads to trial setup (no card with the built-in provider), then the Portfolio. */
async function startBuilding(page: Page) {
  await page.getByRole('button', { name: 'Start Building with AI' }).click();
  await page.waitForURL('**/subscription-setup');
  await page.getByRole('heading', { name: 'Start your 14-day free trial' }).waitFor();
  await page.getByText('No card is needed here').waitFor();
  // What switching Stripe on would change, said on the same step.
  await page.getByText(/subscribing goes through Stripe Checkout/).waitFor();
  await page.getByText(/A trial already running is carried over: it keeps its end date\./).waitFor();
  await shot(page, 'trial-setup', { bothWidths: true });
  await page.getByRole('link', { name: 'Continue to Dashboard' }).click();
  await page.waitForURL('**/projects');
}

async function createCompany(page: Page, name: string) {
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await page.getByLabel('Company name').fill(name);
  await page.getByRole('combobox', { name: 'Company type' }).click();
  await page.getByRole('option', { name: 'General Contractor' }).click();
  expect(await continueButton.isEnabled()).toBe(true);
  await continueButton.click();
  await page.getByRole('heading', { name: "You're all set" }).waitFor();
}

describe('sign-up, onboarding and logout', () => {
  it('signs up through the form, creates the company, sets the trial up, lands on the Portfolio and logs out', async () => {
    const { page } = await open();
    const email = uniqueEmail('flow');
    const password = 'concrete-pour-42';

    // Signed out, / is the landing page; its header leads to sign-up.
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /Stop juggling spreadsheets/ }).waitFor();
    await expectAccessible(page);
    await page.getByRole('banner').getByRole('link', { name: 'Get Started Free' }).click();
    await page.waitForURL('**/signup');
    await page.getByText('Less than $9/month').waitFor();
    await expectAccessible(page);

    await signUp(page, email, password);
    await page.getByText('Account created!', { exact: true }).waitFor();

    // Step 1: Continue stays disabled until both the name and the type are given.
    await page.getByRole('heading', { name: /set up your company/ }).waitFor();
    const continueButton = page.getByRole('button', { name: 'Continue' });
    expect(await continueButton.isDisabled()).toBe(true);
    await page.getByLabel('Company name').fill('Summit Builders');
    expect(await continueButton.isDisabled()).toBe(true);
    await expectAccessible(page);

    // Without a company every other screen sends the user to set one up.
    await page.goto('/projects');
    await page.waitForURL('**/subscription-setup');
    await page.getByRole('heading', { name: 'Set up your company' }).waitFor();
    await page.getByRole('link', { name: 'Set up my company' }).click();
    await page.waitForURL('**/onboarding');

    await createCompany(page, 'Summit Builders');
    await page.getByText('Summit Builders', { exact: true }).waitFor();

    await startBuilding(page);
    await page.getByRole('heading', { level: 1, name: 'Portfolio' }).waitFor();
    await page.getByText('Babe', { exact: true }).waitFor();
    await page.getByText('Construction Manager', { exact: true }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await currentNavEntry(page, 'Portfolio');
    await expectAccessible(page);

    // The Portfolio entry leads to /projects; other entries move the highlight.
    await nav.getByRole('link', { name: 'Schedule' }).click();
    await page.waitForURL('**/schedule');
    await currentNavEntry(page, 'Schedule');
    await nav.getByRole('link', { name: 'Portfolio' }).click();
    await page.waitForURL('**/projects');
    await page.getByRole('heading', { level: 1, name: 'Portfolio' }).waitFor();

    // The session survives a reload.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Portfolio' }).waitFor();

    // A user who already has a company is not onboarded again.
    await page.goto('/onboarding');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Portfolio' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/signin');
    await page.getByText('Logged out successfully', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

    // Signed out again: the app's screens send the visitor to sign in.
    await page.goto('/projects');
    await page.waitForURL('**/signin');

    // The trial page was shown once, after sign-up: signing back in goes to the Portfolio (the
    // built-in provider has no payment customer, but the trial is set up), and /signin then sends the
    // user onward the same way.
    let trialPageRequests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/subscription/create-trial') trialPageRequests += 1;
    });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/projects');
    await page.getByText('Welcome back!', { exact: true }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Portfolio' }).waitFor();
    await page.goto('/signin');
    await page.waitForURL('**/projects');
    await page.getByRole('heading', { level: 1, name: 'Portfolio' }).waitFor();
    expect(trialPageRequests).toBe(0);
  });

  it('gives small screens a menu with the same entries plus Logout', async () => {
    const { page } = await open(MOBILE);
    await signUp(page, uniqueEmail('mobile'), 'rebar-and-beams');
    await createCompany(page, 'Pocket Construction');
    await startBuilding(page);
    await page.getByRole('heading', { level: 1, name: 'Portfolio' }).waitFor();

    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(false);
    await page.getByRole('link', { name: 'Settings' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const entries = await menu.getByRole('menuitem').allInnerTexts();
    expect(entries.map((e) => e.trim())).toEqual([
      'Portfolio',
      'Contacts',
      'Schedule',
      'AI Insights',
      'Logout',
    ]);
    await menu.getByRole('menuitem', { name: 'Contacts' }).click();
    await page.waitForURL('**/contacts');
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
    await menu.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/account-settings');
    await page.getByRole('heading', { level: 1, name: 'Account Settings' }).waitFor();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/signin');
    await page.getByText('Logged out successfully', { exact: true }).waitFor();
  });
});

describe('sign-in', () => {
  it("shows the form's validation messages before calling the server", async () => {
    const { page } = await open();
    let signinCalls = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/signin') signinCalls += 1;
    });
    await page.goto('/signin');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Password is required').waitFor();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Password is required').waitFor({ state: 'detached' });

    // Fixing a field clears its message.
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByText('Please enter a valid email address').waitFor({ state: 'detached' });
    expect(signinCalls).toBe(0);
    await expectAccessible(page);

    expect(await page.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/password-reset');
  });

  it('tabs from the email to the password to Sign In, with "Forgot your password?" after', async () => {
    const { page } = await open();
    await page.goto('/signin');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await shot(page, 'signin', { bothWidths: true });
    await page.getByLabel('Email').focus();
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el?.getAttribute('name') ?? el?.textContent?.trim() ?? '';
      });
    const order = [await focused()];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      order.push(await focused());
    }
    expect(order).toEqual(['email', 'password', 'Sign In', 'Forgot your password?']);
  });

  it('says why a sign-in with a wrong password failed', async () => {
    const t = await open();
    t.expectHttpError({ status: 401, path: '/api/auth/signin' });
    const { page } = t;
    await page.goto('/signin');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Sign in failed', { exact: true }).waitFor();
    await page.getByText('Invalid email or password', { exact: true }).waitFor();
    expect(pathOf(page)).toBe('/signin');
  });

  it('checks the sign-up form with its validation messages', async () => {
    const { page } = await open();
    await page.goto('/signup');
    await page.getByLabel('Password', { exact: true }).fill('secret-1');
    await page.getByLabel('Confirm password').fill('secret-2');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByText('Last name is required').waitFor();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText("Passwords don't match").waitFor();
    expect(pathOf(page)).toBe('/signup');
  });
});

describe('password reset', () => {
  it('mails a link whose token lets the user choose a new password and sign in with it', async () => {
    const { page } = await open();
    const email = uniqueEmail('reset');
    await signUp(page, email, 'old-password');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/signin');

    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Please enter a valid email').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { name: 'Email Sent!' }).waitFor();

    // The server sends mail after answering: wait for it to reach the SMTP server.
    const mailTo = () =>
      smtpServer()
        .messages.map(decodeQuotedPrintable)
        .find((m) => m.includes(`To: ${email}`));
    await expect.poll(mailTo, { message: 'the reset mail reaches the SMTP server' }).toBeDefined();
    expect(suite.server.outbox(), 'with SMTP_URL set nothing goes to the outbox').toEqual([]);
    const token = /password-reset\?token=([A-Za-z0-9_-]+)/.exec(mailTo() ?? '')?.[1];
    expect(token, 'a reset link in the mail received by the SMTP server').toBeTruthy();

    await page.goto(`/password-reset?token=${token}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('new-password');
    await page.getByLabel('Confirm new password').fill('new-password');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByRole('heading', { name: 'Password updated' }).waitFor();
    await page.getByRole('link', { name: 'Sign In' }).click();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('new-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    // No company yet: signing in continues with trial setup, which asks for the company first.
    await page.waitForURL('**/subscription-setup');
    await page.getByRole('link', { name: 'Set up my company' }).waitFor();
  });
});

describe('not found', () => {
  it('shows the 404 screen for an unknown path, answered with status 404', async () => {
    const t = await open();
    const { page } = t;
    // The server knows the app's pages: an unknown one is a real 404 that still draws the app.
    t.expectHttpError({ status: 404, path: '/no/such/page' });
    const answer = await page.goto('/no/such/page');
    expect(answer?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    expect(await page.title()).toContain('Page not found');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: /Stop juggling spreadsheets/ }).waitFor();
  });
});

describe('Google sign-in', () => {
  it('is offered only when the server has it configured', async () => {
    const { page } = await open();
    // The page asks the server which sign-in methods it offers: this one has no Google sign-in (the
    // next test shows the button on a server that has it). The answer is read again through the
    // page's request context: a response body held by the browser can be gone once the page moves on.
    const [config] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/config'),
      page.goto('/signin'),
    ]);
    expect(config.status()).toBe(200);
    expect(await (await page.request.get('/api/auth/config')).json()).toMatchObject({ googleEnabled: false });
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign in with Google' }).count()).toBe(0);
  });

  it('links to the server’s Google flow, and reports a failed attempt', async () => {
    const google = await suite.startServer({
      GOOGLE_CLIENT_ID: 'e2e-client-id',
      GOOGLE_CLIENT_SECRET: 'e2e-client-secret',
    });
    const { page } = await suite.open(undefined, google);
    await page.goto('/signin?error=google');
    const link = page.getByRole('link', { name: 'Sign in with Google' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/api/auth/google');
    await page.getByText('Google sign-in did not complete. Please try again.', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/signin' && url.search === '');
  });
});

/** The invitation link in the newest mail to `email`, as a path on the test server. */
async function invitationPath(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const raw = [...smtpServer().messages].reverse().find((m) => mailRecipients(m).includes(email));
      link = raw ? /https?:\/\/[^\s"<>]+\/signup\?[^\s"<>]+/.exec(mailText(raw))?.[0] : undefined;
      return link;
    })
    .toBeDefined();
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
}

const MANAGERS_ONLY =
  "Only your company's owner or an admin can cancel the trial or subscription, change the plan or delete the company.";

describe('an invited member', () => {
  it('signs up with the invited address filled in, never sees the trial page, and cannot cancel or delete the company', async () => {
    const owner = await open();
    await signUpWithCompany(owner.page, { email: uniqueEmail('boss'), company: 'Harbor Builders' });
    const invitee = uniqueEmail('crew');
    const invited = await owner.page.request.post('/api/team/invites', { data: { email: invitee } });
    expect(invited.status()).toBe(201);
    const path = await invitationPath(invitee);

    const guest = await openPage(suite.browser, suite.server.baseUrl);
    try {
      const g = guest.page;
      let trialPageRequests = 0;
      g.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/subscription/create-trial') trialPageRequests += 1;
      });
      await g.goto(path);
      await g.getByRole('note').getByText('You were invited to join a company').waitFor();
      expect(await g.getByLabel('Email').inputValue()).toBe(invitee);
      await g.getByLabel('First name').fill('Casey');
      await g.getByLabel('Last name').fill('Crew');
      await g.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
      await g.getByLabel('Confirm password').fill(TEST_PASSWORD);
      // Switching to sign-in keeps the invitation and the address.
      const signInLink = g.getByRole('link', { name: 'Sign in' });
      expect(await signInLink.getAttribute('href')).toContain(`email=${encodeURIComponent(invitee)}`);
      await g.getByRole('button', { name: 'Create Account' }).click();
      await g.waitForURL('**/projects');

      // Signing in again (without the link) also goes to the Portfolio.
      await g.getByRole('button', { name: 'Logout' }).click();
      await g.waitForURL('**/signin');
      await g.getByLabel('Email').fill(invitee);
      await g.getByLabel('Password').fill(TEST_PASSWORD);
      await g.getByRole('button', { name: 'Sign In' }).click();
      await g.waitForURL('**/projects');
      await g.getByRole('heading', { level: 1, name: 'Portfolio' }).waitFor();
      // Typed in by hand, trial setup is not the sales page for a member.
      await g.goto('/subscription-setup');
      await g.getByRole('heading', { level: 1, name: "You're part of Harbor Builders" }).waitFor();
      await g.getByText(MANAGERS_ONLY).waitFor();
      expect(await g.getByRole('heading', { name: 'Start your 14-day free trial' }).count()).toBe(0);
      expect(trialPageRequests).toBe(0);

      // Account settings: no cancel, no location form; a line says who can.
      await g.goto('/account-settings');
      await g.getByRole('heading', { level: 1, name: 'Account Settings' }).waitFor();
      await g.getByText(MANAGERS_ONLY).waitFor();
      await g.getByText("Your company's owner or an admin can change it.").waitFor();
      expect(await g.getByRole('button', { name: 'Cancel Trial' }).count()).toBe(0);
      expect(await g.getByRole('button', { name: 'Save Location' }).count()).toBe(0);
      expect(await g.getByRole('checkbox', { name: /Delete my company's data/ }).count()).toBe(0);
      await expectAccessible(g);
      await shot(g, 'account-settings-member', { bothWidths: true });
      // Deleting their own account leaves the company to the others.
      await g.getByRole('button', { name: 'Delete Account' }).click();
      const dialog = g.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByText(/Only your account is deleted\. Harbor Builders and its projects/).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // The API refuses the company's decisions to a member, whatever the screen shows.
      guest.expectHttpError({ status: 403, path: '/api/subscription/cancel' });
      guest.expectHttpError({ status: 403, path: '/api/companies/location' });
      const cancel = await g.request.post('/api/subscription/cancel', { data: { deleteDataOnCancel: true } });
      expect(cancel.status()).toBe(403);
      expect(await cancel.json()).toMatchObject({ code: 'managers_only' });
      const location = await g.request.put('/api/companies/location', {
        data: { country: 'US', state: 'TX' },
      });
      expect(location.status()).toBe(403);
      expect(guest.problems).toEqual([]);
    } finally {
      await guest.close();
    }

    // The owner still has the cancel card, and sets the company's location.
    const page = owner.page;
    await page.goto('/account-settings');
    await page.getByRole('button', { name: 'Cancel Trial' }).waitFor();
    expect(await page.getByText(MANAGERS_ONLY).count()).toBe(0);
    const state = page.getByLabel('State', { exact: true });
    await state.selectOption('TX');
    await page.getByRole('button', { name: 'Save Location' }).click();
    await page.getByText('Location saved', { exact: true }).waitFor();
    await page.getByText('Texas, United States', { exact: true }).waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('State', { exact: true }).inputValue()).toBe('TX');
    await page.getByLabel('Country').selectOption('CA');
    await page.getByLabel('State or region').fill('Ontario');
    await page.getByRole('button', { name: 'Save Location' }).click();
    await page.getByText('Ontario, Canada', { exact: true }).waitFor();
    await expectAccessible(page);
    await shot(page, 'account-settings-owner', { bothWidths: true });
  });
});
