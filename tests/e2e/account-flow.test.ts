import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from './support/app-server';
import { DESKTOP, MOBILE } from './support/browser';
import { pageTime, pauseClock, runUntil } from './support/clock';
import { shot } from './support/shots';
import { browserSuite, expectAccessible, signUpWithCompany as signUp, uniqueEmail } from './support/suite';

/**
 * Issue 3 screens in the browser against the real server: landing, contact support, trial setup
 * with a promo code, profile, account settings (cancel trial, delete account), and the trial
 * expiry → Subscribe Now → active path on a server with TRIAL_DAYS=0.
 */
const suite = browserSuite();
let expiredServer: AppServer;
beforeAll(async () => {
  expiredServer = await suite.startServer({ TRIAL_DAYS: '0' });
});

const open = (viewport: { width: number; height: number } = DESKTOP, on?: AppServer) =>
  suite.open(viewport, on);

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Signs up through the form and creates the company; the caller checks where the user lands. */
const signUpWithCompany = (page: Page, email: string, company = 'Summit Builders') =>
  signUp(page, { email, company, untilDone: false });

const slideLabel = (page: Page) => page.locator('[aria-roledescription="slide"]').getAttribute('aria-label');

/** What the page records of its scrolling (see the smooth-scroll test). */
interface ScrollLog {
  ys: number[];
  ended: boolean;
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', MOBILE],
])('landing page (%s)', (_name, viewport) => {
  it('wraps the carousel both ways, jumps with the dots, and toggles the pricing', async () => {
    const { page } = await open(viewport);
    // The carousel also moves by itself every 5 s: with the page's clock stopped, only the clicks move it,
    // however slowly the machine runs the steps below.
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /Stop juggling spreadsheets/ }).waitFor();
    await expectAccessible(page);
    await pauseClock(page);

    const carousel = page.getByRole('region', { name: 'See How It Works' });
    await carousel.scrollIntoViewIfNeeded();
    // The carousel may have moved on before the clock stopped: start from the first slide.
    await carousel.getByRole('button', { name: 'Go to slide 1' }).click();
    expect(await slideLabel(page)).toBe('1 of 4');
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    expect(await slideLabel(page)).toBe('4 of 4');
    await carousel.getByRole('heading', { name: 'Everything in one place' }).waitFor();
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    expect(await slideLabel(page)).toBe('1 of 4');
    await carousel.getByRole('heading', { name: 'Drag and drop your estimate' }).waitFor();
    const dots = carousel.getByRole('button', { name: /^Go to slide/ });
    expect(await dots.count()).toBe(4);
    await dots.nth(2).click();
    expect(await slideLabel(page)).toBe('3 of 4');
    expect(await dots.nth(2).getAttribute('aria-current')).toBe('true');
    expect(await dots.nth(0).getAttribute('aria-current')).toBeNull();
    // Each slide: a title, a description and three highlights.
    expect(await carousel.locator('[aria-roledescription="slide"] li').count()).toBe(3);

    // Pricing: yearly first, monthly on the toggle.
    const pricing = page.getByRole('region', { name: 'Simple, transparent pricing' });
    const yearly = pricing.getByRole('button', { name: 'Yearly' });
    const monthly = pricing.getByRole('button', { name: 'Monthly' });
    expect(await yearly.getAttribute('aria-pressed')).toBe('true');
    const price = pricing.getByTestId('plan-price');
    expect((await price.innerText()).replace(/\s+/g, '')).toBe('$1,000/year');
    await pricing.getByText('SAVE $200', { exact: true }).waitFor();
    await pricing.getByText('Save 2 months!', { exact: true }).waitFor();
    await pricing.getByText('$1,200/year', { exact: true }).waitFor();
    await monthly.click();
    expect(await monthly.getAttribute('aria-pressed')).toBe('true');
    expect((await price.innerText()).replace(/\s+/g, '')).toBe('$100/month');
    expect(await pricing.getByText('SAVE $200').count()).toBe(0);
    await yearly.click();
    expect((await price.innerText()).replace(/\s+/g, '')).toBe('$1,000/year');

    // Footer: links, placeholders, tagline and copyright.
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'About Us' }).getAttribute('href')).toBe('/about');
    expect(await footer.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe(
      '/contact-support',
    );
    await footer.getByText('Privacy Policy', { exact: true }).waitFor();
    await footer.getByText('Terms of Service', { exact: true }).waitFor();
    await footer.getByText('Construction project management for modern contractors.').waitFor();
    await footer.getByText(/© 2025/).waitFor();

    await pricing.getByRole('link', { name: 'Start 14-Day Free Trial' }).click();
    await page.waitForURL('**/signup');
  });

  it('scrolls smoothly to the pricing from the hero button', async () => {
    const { page } = await open(viewport);
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Start Building Your First Project' });
    await button.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Record the scroll position on every frame until the scrolling has ended.
    await page.evaluate(() => {
      const log: ScrollLog = { ys: [], ended: false };
      (window as unknown as { scrollLog: ScrollLog }).scrollLog = log;
      window.addEventListener('scrollend', () => {
        log.ys.push(window.scrollY);
        log.ended = true;
      });
      const step = () => {
        log.ys.push(window.scrollY);
        if (!log.ended) requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
    await button.click();
    await page.waitForFunction(() => (window as unknown as { scrollLog: ScrollLog }).scrollLog.ended);
    const ys = await page.evaluate(() => (window as unknown as { scrollLog: ScrollLog }).scrollLog.ys);
    const target = await page.evaluate(
      () => document.getElementById('pricing')?.getBoundingClientRect().top ?? Number.NaN,
    );
    const final = ys.at(-1) ?? 0;
    expect(final).toBeGreaterThan(300);
    // The pricing section is now at the top of the viewport (below the sticky header).
    expect(Math.abs(target)).toBeLessThan(100);
    // Smooth: intermediate positions between the start and the end were shown.
    const between = new Set(ys.filter((y) => y > 0 && y < final));
    expect(between.size).toBeGreaterThan(2);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pricing');
  });
});

// The carousel's timer runs on the page's clock, which these tests pause and move themselves.
describe('landing carousel timing', () => {
  it('advances every 5 seconds by itself, wrapping around, and pauses while hovered', async () => {
    const { page } = await open();
    await page.clock.install();
    // The landing page's code is fetched on the first visit; it is there before time stops (React
    // waits on timers to reveal a screen that is still loading).
    await page.goto('/');
    await page.getByRole('region', { name: 'See How It Works' }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await pauseClock(page);
    // The landing page opens (through the header's home link) with time stopped: its carousel starts now.
    await page.getByRole('banner').getByRole('link', { name: /^Babe/ }).click();
    const carousel = page.getByRole('region', { name: 'See How It Works' });
    await carousel.waitFor();
    expect(await slideLabel(page)).toBe('1 of 4');
    // Not before 5 s…
    await page.clock.runFor(4999);
    expect(await slideLabel(page)).toBe('1 of 4');
    // …but at 5 s.
    await page.clock.runFor(1);
    await expect.poll(() => slideLabel(page)).toBe('2 of 4');
    // From the last slide it wraps to the first, 5 s after the user has left the carousel.
    await carousel.getByRole('button', { name: /^Go to slide 4/ }).click();
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await slideLabel(page)).toBe('4 of 4');
    await page.clock.runFor(4999);
    expect(await slideLabel(page)).toBe('4 of 4');
    await page.clock.runFor(1);
    await expect.poll(() => slideLabel(page)).toBe('1 of 4');

    // Hovered, it holds still, however long.
    await carousel.hover();
    await page.clock.runFor(60_000);
    expect(await slideLabel(page)).toBe('1 of 4');
  });

  it('holds still while focused and for users who prefer reduced motion', async () => {
    const { page } = await open();
    await page.clock.install();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.getByRole('region', { name: 'See How It Works' }).waitFor();
    await pauseClock(page);
    await page.clock.runFor(60_000);
    expect(await slideLabel(page)).toBe('1 of 4');

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.getByRole('button', { name: 'Next slide' }).focus();
    await page.clock.runFor(60_000);
    expect(await slideLabel(page)).toBe('1 of 4');
  });

  it('sends the final "Get Started Free" through /api/login to sign in', async () => {
    const { page } = await open();
    await page.goto('/');
    const cta = page.getByRole('main').getByRole('link', { name: 'Get Started Free' });
    expect(await cta.getAttribute('href')).toBe('/api/login');
    await cta.click();
    await page.waitForURL('**/signin');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  });
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', MOBILE],
])('contact support (%s)', (_name, viewport) => {
  it('checks the form, counts the message and sends feedback signed out', async () => {
    const { page } = await open(viewport);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await page.getByText('Monday to Friday, 9 AM to 5 PM CST').waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Send us a message' }).click();
    await page.waitForURL('**/contact-support');
    await page.getByRole('heading', { level: 1, name: 'Contact Support' }).waitFor();

    await page.getByRole('button', { name: 'Send Feedback' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Please select a category').waitFor();
    await page.getByText('Subject is required').waitFor();
    await page.getByText('Message must be at least 10 characters').waitFor();
    await expectAccessible(page);

    await page.getByLabel('Subject').fill('x'.repeat(201));
    await page.getByLabel('Message').fill('Too short');
    await page.getByText('9/2000', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    await page.getByText('Subject must be less than 200 characters').waitFor();

    // A send that fails puts the focus on the first field in error (the email), and once more on the
    // form's next task: the email is typed first, so that no keystroke can land in a field the focus
    // is about to leave.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await page.getByLabel('Email').fill('pat@example.com');
    await page.getByLabel('Name (optional)').fill('Pat Visitor');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Feature Request' }).click();
    await page.getByLabel('Subject').fill('Gantt export');
    const message = 'Please add a PDF export of the Gantt chart.';
    await page.getByLabel('Message').fill(message);
    await page.getByText(`${message.length}/2000`, { exact: true }).waitFor();
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/feedback'),
      page.getByRole('button', { name: 'Send Feedback' }).click(),
    ]);
    expect(response.status()).toBe(201);
    const stored = await response.json();
    expect(stored).toMatchObject({
      userName: 'Pat Visitor',
      userEmail: 'pat@example.com',
      category: 'feature_request',
      subject: 'Gantt export',
      message,
      status: 'open',
      priority: 'medium',
    });
    await page.getByRole('heading', { name: 'Thank you for your feedback!' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL('**/about');
  });
});

describe('signed-in screens', () => {
  it('sends feedback from the session without asking for a name or email', async () => {
    const { page } = await open(MOBILE);
    const email = uniqueEmail('fb');
    await signUpWithCompany(page, email);
    await page.getByRole('heading', { name: "You're all set" }).waitFor();
    await page.goto('/contact-support');
    await page.getByRole('heading', { level: 1, name: 'Contact Support' }).waitFor();
    expect(await page.getByLabel('Name (optional)').count()).toBe(0);
    expect(await page.getByLabel('Email').count()).toBe(0);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Bug Report' }).click();
    await page.getByLabel('Subject').fill('Calendar glitch');
    await page.getByLabel('Message').fill('The week view skips Sunday sometimes.');
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/feedback'),
      page.getByRole('button', { name: 'Send Feedback' }).click(),
    ]);
    expect(response.status()).toBe(201);
    expect(await response.json()).toMatchObject({
      userEmail: email,
      userName: 'Dana Builder',
      category: 'bug',
    });
    await page.getByRole('heading', { name: 'Thank you for your feedback!' }).waitFor();
    await expectAccessible(page);
  });

  it('sets up the trial with a plan and a promo code, then continues to the Portfolio', async () => {
    const t = await open();
    const { page } = t;
    await signUpWithCompany(page, uniqueEmail('trial'));
    await page.getByRole('heading', { name: "You're all set" }).waitFor();

    const trialRequests: unknown[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/subscription/create-trial') {
        trialRequests.push(request.postDataJSON());
      }
    });
    // The profile leads to the trial setup while on trial.
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Choose Plan' }).click();
    await page.waitForURL('**/subscription-setup');
    await page.getByRole('heading', { level: 1, name: 'Start your 14-day free trial' }).waitFor();
    await page.getByText('Trial active: 14 days left. No card needed.').waitFor();
    expect(await page.getByRole('radio', { name: /Yearly/ }).isChecked()).toBe(true);
    expect(trialRequests).toEqual([{ plan: 'yearly' }]);
    await expectAccessible(page);

    // Changing the plan records it again.
    await page.getByText('Monthly', { exact: true }).click();
    await expect.poll(() => trialRequests.length).toBe(2);
    expect(trialRequests[1]).toEqual({ plan: 'monthly' });
    await page.getByText('Yearly', { exact: true }).click();
    await expect.poll(() => trialRequests.length).toBe(3);

    const code = page.getByLabel('Promo code');
    const apply = page.getByRole('button', { name: 'Apply' });
    expect(await apply.isDisabled()).toBe(true);
    await code.fill('   ');
    expect(await apply.isDisabled()).toBe(true);
    await code.fill('nope');
    expect(await code.inputValue()).toBe('NOPE');
    await apply.click();
    await page.getByText('Invalid Promo Code', { exact: true }).waitFor();
    await page.getByText('Invalid promo code', { exact: true }).waitFor();

    await code.fill('  build20 ');
    const [validate] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/api/subscription/validate-promo'),
      apply.click(),
    ]);
    expect(validate.postDataJSON()).toEqual({ promoCode: 'BUILD20' });
    await page.getByText('Promo Code Applied!', { exact: true }).waitFor();
    await page.getByText("You'll save 20% after your trial ends.", { exact: true }).waitFor();
    await page.getByText('BUILD20', { exact: true }).waitFor();
    // 20% off the yearly $1,000.
    await page.getByText('$800', { exact: true }).waitFor();
    await expect.poll(() => trialRequests.length).toBe(4);
    expect(trialRequests[3]).toEqual({ plan: 'yearly', promoCode: 'BUILD20' });
    await page.getByText(/Promo BUILD20 applied: 20% off after the trial\./).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByLabel('Promo code').waitFor();
    await expect.poll(() => trialRequests.length).toBe(5);
    expect(trialRequests[4]).toEqual({ plan: 'yearly' });

    await page.getByRole('link', { name: 'Continue to Dashboard' }).click();
    await page.waitForURL('**/projects');
    await page.getByRole('heading', { level: 1, name: 'Portfolio' }).waitFor();
  });

  it('edits the first and last name on the profile; the email cannot change', async () => {
    const { page } = await open();
    const email = uniqueEmail('profile');
    await signUpWithCompany(page, email);
    await page.getByRole('heading', { name: "You're all set" }).waitFor();
    await page.goto('/account-settings');
    await page.getByRole('link', { name: 'View Profile' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await page.getByText('Free Trial', { exact: true }).waitFor();
    await page.getByText('Annual plan — $100 per year').waitFor();
    await page.getByText(/\(14 days left\)/).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Edit' }).click();
    expect(await page.getByLabel('Email').isDisabled()).toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('First name').fill('');
    await page.getByLabel('Last name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByText('Last name is required').waitFor();
    await expectAccessible(page);

    // Cancel throws the edits away.
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByText('Dana', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Mason');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile Updated', { exact: true }).waitFor();
    await page.getByText('Robin', { exact: true }).waitFor();
    await page.getByText('Mason', { exact: true }).waitFor();

    await page.reload();
    await page.getByText('Robin', { exact: true }).waitFor();
    await page.getByText('Mason', { exact: true }).waitFor();

    // Cancelling from the profile sends no payload and keeps the data.
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your free trial?' });
    await expectAccessible(page);
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/subscription/cancel'),
      dialog.getByRole('button', { name: 'Yes, Cancel' }).click(),
    ]);
    expect(response.request().postData()).toBeNull();
    expect(await response.json()).toMatchObject({ subscriptionStatus: 'cancelled', dataDeleted: false });
    await page.getByText('Trial Cancelled', { exact: true }).waitFor();
    await page.waitForURL('**/payment-required');
  });

  it('cancels the trial (deleting the data on request); the user then has to pay', async () => {
    const { page } = await open(MOBILE);
    await signUpWithCompany(page, uniqueEmail('cancel'));
    await page.getByRole('heading', { name: "You're all set" }).waitFor();
    await page.goto('/account-settings');
    await page.getByRole('heading', { level: 1, name: 'Account Settings' }).waitFor();
    await page.getByRole('heading', { name: 'Free Trial' }).waitFor();
    // The company's creator is its owner: the admin card shows.
    expect(await page.getByRole('link', { name: 'Open Admin Dashboard' }).getAttribute('href')).toBe(
      '/admin',
    );
    await page.getByRole('button', { name: 'Change Password' }).waitFor();
    expect(await page.getByRole('link', { name: 'Forgot it? Reset by email' }).getAttribute('href')).toBe(
      '/password-reset',
    );
    expect(await page.getByRole('link', { name: 'About Babe' }).getAttribute('href')).toBe('/about');
    await expectAccessible(page);

    await page.getByRole('checkbox', { name: /Delete my company's data/ }).click();
    await page.getByRole('button', { name: 'Cancel Trial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your free trial?' });
    await dialog.getByText(/deleted\. This cannot be undone\./).waitFor();
    await expectAccessible(page);
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/subscription/cancel'),
      dialog.getByRole('button', { name: 'Yes, Cancel Trial' }).click(),
    ]);
    expect(response.request().postDataJSON()).toEqual({ deleteDataOnCancel: true });
    expect(await response.json()).toMatchObject({ subscriptionStatus: 'cancelled', dataDeleted: true });
    await page.getByText('Trial Cancelled', { exact: true }).waitFor();
    await page.waitForURL('**/payment-required');
    await page.getByRole('heading', { level: 1, name: 'Your subscription has been cancelled' }).waitFor();
  });

  it('deletes the account only after exactly DELETE is typed, then goes home after 2 s', async () => {
    const t = await open();
    const { page } = t;
    await page.clock.install();
    const email = uniqueEmail('delete');
    await signUpWithCompany(page, email);
    await page.getByRole('heading', { name: "You're all set" }).waitFor();
    // What goes with the company: the dialog counts it.
    const project = await page.request.post('/api/projects', {
      data: {
        name: 'Last Job',
        client: 'Ann Client',
        budget: '1000',
        startDate: '2026-03-02',
        endDate: '2026-10-01',
      },
    });
    expect(project.status()).toBe(201);
    const contact = await page.request.post('/api/contacts', {
      data: { name: 'Ann Client', type: 'client', email: 'ann@example.com' },
    });
    expect(contact.status(), await contact.text()).toBe(201);
    await page.goto('/account-settings');
    let deleteCalls = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/account/delete') deleteCalls += 1;
    });
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog
      .getByText('You are the last member of Summit Builders: the company is deleted with your account.')
      .waitFor();
    await dialog
      .getByText('Its projects, documents and contacts are deleted with it, and cannot be recovered:')
      .waitFor();
    const counts = await dialog.getByRole('listitem').allInnerTexts();
    expect(counts).toEqual(['1 project (with their tasks and updates)', '0 documents', '1 contact']);
    await shot(page, 'delete-account-last-member', { bothWidths: true, fullPage: false });
    await dialog.getByLabel('Confirmation').fill('delete');
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await page.getByText('Invalid confirmation', { exact: true }).waitFor();
    await page.getByText('Please type DELETE to confirm', { exact: true }).waitFor();
    expect(deleteCalls).toBe(0);
    await expectAccessible(page);

    await dialog.getByLabel('Confirmation').fill('DELETE');
    // Time stops here: the page moves on 2 s of page time after the deletion, not before.
    await pauseClock(page);
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    const deleted = page.getByText('Account deleted', { exact: true }).first();
    await runUntil(page, () => deleted.isVisible());
    await page.clock.runFor(1900);
    expect(pathOf(page)).toBe('/account-settings');
    await Promise.all([page.waitForURL((url) => url.pathname === '/'), page.clock.runFor(100)]);
    await page.clock.resume();
    await page.getByRole('heading', { level: 1, name: /Stop juggling spreadsheets/ }).waitFor();
    expect(deleteCalls).toBe(1);

    // The account is gone: signing in with it fails.
    t.expectHttpError({ status: 401, path: '/api/auth/signin' });
    await page.goto('/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('concrete-pour-42');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Sign in failed', { exact: true }).waitFor();
    expect(pathOf(page)).toBe('/signin');
  });
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', MOBILE],
])('trial expiry (%s)', (_name, viewport) => {
  it('sends an expired trial to /payment-required; Subscribe Now activates it and opens the Portfolio', async () => {
    const { page } = await open(viewport, expiredServer);
    // The return from checkout and the trial setup move on by timers: the test moves the page's clock.
    await page.clock.install();
    await signUpWithCompany(page, uniqueEmail('expired'), 'Lapsed Builders');
    await page.waitForURL('**/payment-required');
    await page.getByRole('heading', { level: 1, name: 'Your free trial has ended' }).waitFor();
    await page.getByText('Less than $9/month').waitFor();
    await expectAccessible(page);

    // Nothing to fix: the trial really has ended.
    await page.getByRole('button', { name: 'Fix My Subscription Status' }).click();
    await page.getByText('Could Not Fix Subscription', { exact: true }).waitFor();

    // Every other screen sends the user back here.
    await page.goto('/projects');
    await page.waitForURL('**/payment-required');

    // "Return to Home" opens the landing page (it does not loop back here), whose header leads back.
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: /Stop juggling spreadsheets/ }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Back to my subscription' }).click();
    await page.waitForURL('**/payment-required');
    await page.getByRole('heading', { level: 1, name: 'Your free trial has ended' }).waitFor();

    // From here the page's time moves only when the test moves it: running on its own, the second
    // between the welcome and the Portfolio can pass on a busy machine before the test looks.
    await pauseClock(page);
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    const processing = page.getByRole('heading', { level: 1, name: 'Processing your payment' });
    // The parameter is cleared from the address.
    await runUntil(page, async () => (await processing.isVisible()) && new URL(page.url()).search === '');
    // The first check, a second later, finds the subscription active; a second after the welcome the
    // Portfolio opens.
    const welcome = page.getByText('Welcome aboard!', { exact: true });
    const active = page.getByRole('heading', { level: 1, name: 'Subscription active' });
    await runUntil(page, async () => (await welcome.isVisible()) && (await active.isVisible()), {
      stepMs: 10,
    });
    await Promise.all([page.waitForURL((url) => url.pathname === '/'), page.clock.runFor(1000)]);
    await page.clock.resume();
    await page.getByRole('heading', { level: 1, name: 'Portfolio' }).waitFor();

    // Active now: nothing to pay.
    await page.goto('/payment-required');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/profile');
    await page.getByText('Active', { exact: true }).waitFor();
    // Trial setup has nothing left to do for an active subscription: on to the Portfolio after 1 s
    // (of page time, which stops here).
    await pauseClock(page);
    await page.goto('/subscription-setup');
    const alreadyActive = page.getByText('Trial already active', { exact: true });
    await runUntil(page, () => alreadyActive.isVisible());
    await page.clock.runFor(900);
    expect(pathOf(page)).toBe('/subscription-setup');
    await Promise.all([page.waitForURL('**/projects'), page.clock.runFor(100)]);
    await page.clock.resume();
    await page.getByRole('heading', { level: 1, name: 'Portfolio' }).waitFor();
  });
});

describe('payment return without an activation', () => {
  it('polls 30 times, then shows a notice and reloads the plain screen after 5 s', async () => {
    const { page } = await open(DESKTOP, expiredServer);
    await signUpWithCompany(page, uniqueEmail('unpaid'), 'Pending Builders');
    await page.waitForURL('**/payment-required');
    const isUserRead = (r: Request) => new URL(r.url()).pathname === '/api/auth/user';
    let userReads = 0;
    page.on('request', (r) => {
      if (isUserRead(r)) userReads += 1;
    });
    // Back from a checkout that never activated the subscription, with the page's clock stopped: the
    // test moves it through the checks, one second each.
    await page.clock.install();
    await pauseClock(page);
    await page.goto('/payment-required?payment=success');
    const processing = page.getByRole('heading', { level: 1, name: 'Processing your payment' });
    await runUntil(page, async () => (await processing.isVisible()) && new URL(page.url()).search === '');
    await page.getByText('Check 0 of 30', { exact: true }).waitFor();
    const startedAt = await pageTime(page);
    const readsAtStart = userReads;
    for (let n = 1; n <= 30; n++) {
      // A second of page time brings the next read; the one after waits until the page has its answer.
      await Promise.all([
        page.waitForEvent('requestfinished', isUserRead),
        runUntil(page, () => userReads - readsAtStart >= n, { stepMs: 1000, limitMs: 2000 }),
      ]);
    }
    const notice = page.getByText('Payment is still processing', { exact: true });
    await runUntil(page, () => notice.isVisible());
    expect(userReads - readsAtStart).toBe(30);
    expect(await pageTime(page)).toBeGreaterThanOrEqual(startedAt + 30_000);
    // The page reloads 5 s later, on the plain screen: not at 4.9 s, at 5 s.
    await page.clock.runFor(4900);
    expect(await processing.isVisible()).toBe(true);
    expect(await notice.isVisible()).toBe(true);
    await Promise.all([page.waitForEvent('load'), page.clock.runFor(100)]);
    await page.clock.resume();
    await page.getByRole('heading', { level: 1, name: 'Your free trial has ended' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
  });
});
