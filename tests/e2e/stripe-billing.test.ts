/**
 * Trial setup with Stripe as the billing provider, in the browser: the server bills through the
 * Stripe API stand-in, and the page's Stripe.js is the stand-in of support/stripe-js.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type StripeStandIn,
  startStripeStandIn,
} from '../../src/server/providers/billing/stripe-stand-in.test-support';
import { STRIPE_JS_PATH, serveStripeJs, stripeJsRecord } from './support/stripe-js';
import { browserSuite, expectAccessible, signUpWithCompany, uniqueEmail } from './support/suite';

let stripeApi: StripeStandIn | undefined;
beforeAll(async () => {
  stripeApi = await startStripeStandIn();
});
afterAll(async () => {
  await stripeApi?.close();
});
const suite = browserSuite(() => {
  if (!stripeApi) throw new Error('the Stripe stand-in starts in beforeAll');
  return stripeApi.env;
});

describe('trial setup with Stripe', () => {
  it('mounts the card form from the publishable key and the trial’s SetupIntent, and saves the card', async () => {
    const { page } = await suite.open();
    await serveStripeJs(page, true);
    await signUpWithCompany(page, { email: uniqueEmail('card'), throughForm: true });
    // After the company, trial setup: the yearly plan is chosen and Stripe's card form shows.
    await page.getByRole('button', { name: 'Start Building with AI' }).click();
    await page.waitForURL('**/subscription-setup');
    await page
      .getByText('Trial active: 14 days left. Add a card: it is not charged until the trial ends.')
      .waitFor();
    expect(await page.getByRole('radio', { name: /Yearly/ }).isChecked()).toBe(true);
    await page.getByRole('heading', { name: 'Add your card' }).waitFor();
    await page.getByLabel('Card number').waitFor();
    const save = page.getByRole('button', { name: 'Save Card & Start Trial' });
    await expect.poll(() => save.isEnabled()).toBe(true);

    const record = await stripeJsRecord(page);
    expect(record.publishableKey).toBe('pk_test_standin');
    expect(record.mounted).toEqual(['payment']);
    const intent = [...(stripeApi?.objects.values() ?? [])].find(
      (o) => o.client_secret === record.clientSecret,
    );
    expect(intent).toMatchObject({ object: 'setup_intent', status: 'requires_payment_method' });
    await expectAccessible(page);

    await page.clock.install();
    await save.click();
    await page.getByText('Card saved', { exact: true }).waitFor();
    expect((await stripeJsRecord(page)).confirmations).toEqual([
      { returnUrl: `${suite.server.baseUrl}/`, redirect: 'if_required' },
    ]);
    await Promise.all([page.waitForURL('**/projects'), page.clock.runFor(1000)]);
    await page.getByRole('heading', { level: 1, name: 'Portfolio' }).waitFor();
  });

  it('says so when Stripe.js cannot load, and offers to try again', async () => {
    const t = await suite.open({ width: 390, height: 844 });
    const { page } = t;
    t.expectHttpError({ status: 503, path: STRIPE_JS_PATH });
    await serveStripeJs(page, false);
    await signUpWithCompany(page, { email: uniqueEmail('nojs') });
    await page.goto('/subscription-setup');
    const notice = page.getByRole('alert').filter({ hasText: 'The secure card form could not be loaded.' });
    await notice.waitFor();
    // The rest of the page still works: the plan can change and the dashboard is a click away.
    await page.getByRole('link', { name: 'Continue to Dashboard' }).waitFor();
    await expectAccessible(page);

    await serveStripeJs(page, true);
    await notice.getByRole('button', { name: 'Try again' }).click();
    await page.getByLabel('Card number').waitFor();
    expect((await stripeJsRecord(page)).publishableKey).toBe('pk_test_standin');
  });
});
