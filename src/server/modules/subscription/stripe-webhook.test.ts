/**
 * POST /api/stripe/webhook: deliveries signed with the `stripe` package's own test signatures,
 * verified by the app's real code path; the subscription they mention is re-read from the Stripe
 * stand-in, whose state the tests set as Stripe's side would be.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeEvents } from '../../db/schema/index.js';
import type { StripeStandIn } from '../../providers/billing/stripe-stand-in.test-support.js';
import { json, type TestApp } from '../../testing/harness.js';
import {
  companyRow,
  deliver,
  startStripeApp,
  type TrialCompany,
  trialCompany,
} from './stripe.test-support.js';

let t: TestApp;
let stripe: StripeStandIn;
beforeAll(async () => {
  ({ t, stripe } = await startStripeApp());
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/** Stripe's side of the company's subscription, changed as Stripe would change it. */
function stripeSide(company: TrialCompany, fields: Record<string, unknown>) {
  const sub = stripe.objects.get(company.subscriptionId);
  if (!sub) throw new Error('no subscription at the stand-in');
  Object.assign(sub, fields);
  return structuredClone(sub);
}

const status = async (company: TrialCompany) => (await companyRow(t, company.companyId)).subscriptionStatus;
const eventCount = async () => (await t.ctx.db.select({ n: count() }).from(stripeEvents))[0]?.n ?? 0;

const invoice = (company: TrialCompany) => ({
  id: `in_${crypto.randomUUID().slice(0, 8)}`,
  object: 'invoice',
  customer: company.customerId,
  parent: {
    type: 'subscription_details',
    subscription_details: {
      subscription: company.subscriptionId,
      metadata: { company_id: String(company.companyId) },
    },
  },
});

describe('POST /api/stripe/webhook', () => {
  it('refuses a delivery with a bad or missing signature with 400, changing nothing', async () => {
    const company = await trialCompany(t);
    const before = await eventCount();
    const sub = stripeSide(company, { status: 'canceled' });
    const forged = stripe.webhook('customer.subscription.deleted', sub, 'whsec_someone_else');
    const bad = await deliver(t, forged);
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ code: 'invalid_signature' });
    const unsigned = await deliver(t, { payload: forged.payload });
    expect(unsigned.statusCode).toBe(400);
    // A genuine signature over other bytes does not carry over either.
    const genuine = stripe.webhook('customer.subscription.deleted', sub);
    const tampered = await deliver(t, {
      ...genuine,
      payload: genuine.payload.replace('"canceled"', '"active"'),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await status(company)).toBe('trial');
    expect(await eventCount()).toBe(before);
  });

  it('turns a failed payment into past_due, which the gate answers 402, and a paid invoice back into active', async () => {
    const company = await trialCompany(t);
    stripeSide(company, { status: 'past_due', trial_end: null });
    const failed = await deliver(t, stripe.webhook('invoice.payment_failed', invoice(company)));
    expect(json(failed)).toEqual({ received: true, duplicate: false });
    expect(await status(company)).toBe('past_due');
    const gated = await company.agent.get('/api/projects');
    expect(gated.statusCode).toBe(402);

    stripeSide(company, { status: 'active' });
    await deliver(t, stripe.webhook('invoice.paid', invoice(company)));
    expect(await status(company)).toBe('active');
    expect((await company.agent.get('/api/projects')).statusCode).toBe(200);
  });

  it('handles an event once: a duplicated or replayed delivery changes nothing', async () => {
    const company = await trialCompany(t);
    const delivery = stripe.webhook(
      'customer.subscription.updated',
      stripeSide(company, { status: 'active' }),
    );
    expect(json(await deliver(t, delivery))).toEqual({ received: true, duplicate: false });
    expect(await status(company)).toBe('active');

    // Stripe's side moves on without an event; the same event delivered again must not act on it.
    stripeSide(company, { status: 'past_due' });
    const again = await Promise.all([deliver(t, delivery), deliver(t, delivery)]);
    expect(again.map((res) => json(res))).toEqual([
      { received: true, duplicate: true },
      { received: true, duplicate: true },
    ]);
    expect(await status(company)).toBe('active');
  });

  it('resolves events arriving out of order by reading the subscription again', async () => {
    const company = await trialCompany(t);
    const stillActive = stripe.webhook(
      'customer.subscription.updated',
      stripeSide(company, { status: 'active' }),
    );
    const deleted = stripe.webhook(
      'customer.subscription.deleted',
      stripeSide(company, { status: 'canceled' }),
    );
    await deliver(t, deleted);
    expect(await status(company)).toBe('cancelled');
    // The older "updated" (still active in its copy) arrives last: Stripe now says canceled.
    expect(json(await deliver(t, stillActive))).toEqual({ received: true, duplicate: false });
    expect(await status(company)).toBe('cancelled');
  });

  it('e-mails the owner three days before the trial ends, once, with the link to add a card', async () => {
    const company = await trialCompany(t, 'monthly');
    const { email } = json<{ email: string }>(await company.agent.get('/api/auth/user'));
    const outbox = join(t.config.dataDir, 'outbox');
    const mails = () => {
      try {
        // Quoted-printable soft line breaks undone, so sentences read whole.
        return readdirSync(outbox)
          .filter((file) => file.endsWith('.eml'))
          .map((file) => readFileSync(join(outbox, file), 'utf8').replace(/=\r?\n/g, ''));
      } catch {
        return [];
      }
    };
    const sentBefore = mails().filter((mail) => mail.includes(email)).length;
    const reminder = stripe.webhook('customer.subscription.trial_will_end', stripeSide(company, {}));
    await deliver(t, reminder);
    await deliver(t, reminder);
    const sent = mails().filter((mail) => mail.includes(email));
    expect(sent.length - sentBefore).toBe(1);
    const mail = sent.find((m) => m.includes('Subject: Your free trial ends on')) ?? '';
    expect(mail).toContain('https://app.example.com/subscription-setup');
    expect(mail).toContain('Add a card before then');
    expect(mail).toContain('the monthly plan ($100 per month');
  });

  it('after a paid checkout, follows the new subscription and ends the unpaid one it replaces', async () => {
    const company = await trialCompany(t);
    stripeSide(company, { status: 'past_due' });
    const paid = {
      ...structuredClone(stripe.objects.get(company.subscriptionId)),
      id: 'sub_paid_by_checkout',
      status: 'active',
      created: Math.floor(Date.now() / 1000) + 5,
      trial_end: null,
    };
    stripe.objects.set(paid.id, paid as typeof paid & { object: string });
    stripe.take();
    const session = {
      id: 'cs_test_done',
      object: 'checkout.session',
      customer: company.customerId,
      subscription: paid.id,
      client_reference_id: String(company.companyId),
      metadata: { company_id: String(company.companyId) },
    };
    await deliver(t, stripe.webhook('checkout.session.completed', session));
    const row = await companyRow(t, company.companyId);
    expect(row).toMatchObject({ subscriptionStatus: 'active', stripeSubscriptionId: paid.id });
    const cancelled = stripe.take().filter((r) => r.method === 'DELETE');
    expect(cancelled.map((r) => r.path)).toEqual([`/v1/subscriptions/${company.subscriptionId}`]);
    expect(stripe.objects.get(company.subscriptionId)?.status).toBe('canceled');
  });

  it('makes a card saved to replace the trial’s card the subscription’s card', async () => {
    const company = await trialCompany(t);
    stripeSide(company, { pending_setup_intent: null, default_payment_method: 'pm_old' });
    const res = await company.agent.post('/api/subscription/create-trial', { plan: 'yearly' });
    expect(json(res).message).toBe(
      'Trial active: 14 days left. Your card is saved and is charged when the trial ends; enter another card to replace it.',
    );
    const intent = [...stripe.objects.values()].find((o) => o.client_secret === json(res).clientSecret);
    expect(intent?.metadata).toMatchObject({ subscription_id: company.subscriptionId, replaces: 'pm_old' });
    stripe.take();
    const succeeded = { ...intent, status: 'succeeded', payment_method: 'pm_new' } as typeof intent & object;
    await deliver(
      t,
      stripe.webhook('setup_intent.succeeded', {
        ...succeeded,
        id: String(intent?.id),
        object: 'setup_intent',
      }),
    );
    const update = stripe.take().find((r) => r.path === `/v1/subscriptions/${company.subscriptionId}`);
    expect(update?.body).toEqual({ default_payment_method: 'pm_new' });
    expect(stripe.objects.get(company.subscriptionId)?.default_payment_method).toBe('pm_new');
  });

  it('records events about nothing of ours and answers 200 without change', async () => {
    const before = await eventCount();
    const stranger = { id: 'sub_elsewhere', object: 'subscription', customer: 'cus_not_ours', metadata: {} };
    const res = await deliver(t, stripe.webhook('customer.subscription.updated', stranger));
    expect(json(res)).toEqual({ received: true, duplicate: false });
    const other = await deliver(t, stripe.webhook('charge.refunded', { id: 'ch_1', object: 'charge' }));
    expect(other.statusCode).toBe(200);
    expect(await eventCount()).toBe(before + 2);
    const [row] = await t.ctx.db.select().from(stripeEvents).where(eq(stripeEvents.type, 'charge.refunded'));
    expect(row?.companyId).toBeNull();
  });
});
