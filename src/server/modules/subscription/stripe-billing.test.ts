/**
 * The subscription endpoints with Stripe as the billing provider: the real `stripe` package talks
 * to a local stand-in of Stripe's API, and the tests assert what was sent to it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/index.js';
import type { StripeStandIn } from '../../providers/billing/stripe-stand-in.test-support.js';
import { json, type TestApp } from '../../testing/harness.js';
import { companyRow, startStripeApp, trialCompany } from './stripe.test-support.js';

let t: TestApp;
let stripe: StripeStandIn;
beforeAll(async () => {
  ({ t, stripe } = await startStripeApp());
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const DAY_SECONDS = 86_400;
const writes = () => stripe.take().filter((r) => r.method !== 'GET');

describe('POST /api/subscription/create-trial with Stripe', () => {
  it('makes one customer and a 14-day trial subscription on the chosen price; the card goes through its SetupIntent', async () => {
    stripe.take();
    const signedUpAt = Math.floor(Date.now() / 1000);
    const { agent, companyId, customerId, subscriptionId, clientSecret } = await trialCompany(t, 'yearly');
    expect(clientSecret).toMatch(/^seti_test\d+_secret_/);

    const sent = stripe.take();
    const customer = sent.find((r) => r.path === '/v1/customers');
    expect(customer?.body).toMatchObject({
      email: expect.stringMatching(/@example\.com$/),
      name: 'Test Builders',
      metadata: { company_id: String(companyId) },
    });
    expect(customer?.idempotencyKey).toMatch(new RegExp(`^babe-company-${companyId}-customer-`));
    const subscription = sent.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions');
    expect(subscription?.body).toMatchObject({
      customer: customerId,
      items: [{ price: 'price_yearly' }],
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { company_id: String(companyId), promo_code: '' },
    });
    const trialDays = (Number(subscription?.body.trial_end) - signedUpAt) / DAY_SECONDS;
    expect(trialDays).toBeGreaterThanOrEqual(13.99);
    expect(trialDays).toBeLessThanOrEqual(14.01);
    expect(subscription?.idempotencyKey).toMatch(new RegExp(`^babe-company-${companyId}-subscription-`));
    // The prices charged are the prices shown: checked against $100 a month and $1,000 a year.
    expect(sent.filter((r) => r.path.startsWith('/v1/prices/')).map((r) => r.path)).toEqual([
      '/v1/prices/price_monthly',
      '/v1/prices/price_yearly',
    ]);

    const me = json<{ company: { stripeCustomerId: string; subscriptionStatus: string } }>(
      await agent.get('/api/auth/user'),
    );
    expect(me.company).toMatchObject({ stripeCustomerId: customerId, subscriptionStatus: 'trial' });
    expect((await companyRow(t, companyId)).stripeSubscriptionId).toBe(subscriptionId);

    // Asking again (the page reloaded) makes nothing new and answers the same card form.
    const again = await agent.post('/api/subscription/create-trial', { plan: 'yearly' });
    expect(json(again)).toEqual({
      clientSecret,
      cardOnFile: false,
      subscriptionActive: false,
      message: 'Trial active: 14 days left. Add a card: it is not charged until the trial ends.',
    });
    expect(writes()).toEqual([]);
  });

  it('applies a promo as its Stripe promotion code, and changes the waiting subscription for another plan or code', async () => {
    const promoId = stripe.addPromotionCode('CREW30', { percent_off: 30 });
    const { agent, subscriptionId } = await trialCompany(t, 'yearly');
    stripe.take();

    const check = await agent.post('/api/subscription/validate-promo', { promoCode: ' crew30 ' });
    expect(json(check)).toEqual({
      valid: true,
      discount: 30,
      discountType: 'percent',
      message: 'CREW30: 30% off your subscription after the trial ends',
    });
    expect(stripe.take().find((r) => r.path === '/v1/promotion_codes')?.body).toMatchObject({
      code: 'CREW30',
    });

    const withPromo = await agent.post('/api/subscription/create-trial', {
      plan: 'yearly',
      promoCode: 'crew30',
    });
    expect(json(withPromo).message).toBe(
      'Trial active: 14 days left. Add a card: it is not charged until the trial ends. Promo CREW30 applied: 30% off after the trial.',
    );
    const promoUpdate = writes();
    expect(promoUpdate.map((r) => r.path)).toEqual([`/v1/subscriptions/${subscriptionId}`]);
    expect(promoUpdate[0]?.body).toMatchObject({
      discounts: [{ promotion_code: promoId }],
      metadata: { promo_code: 'CREW30' },
    });
    expect(promoUpdate[0]?.body.items).toBeUndefined();

    // The monthly plan, the code removed: the same subscription changes, no second one is made.
    const monthly = await agent.post('/api/subscription/create-trial', { plan: 'monthly' });
    expect(monthly.statusCode).toBe(200);
    const planUpdate = writes();
    expect(planUpdate.map((r) => r.path)).toEqual([`/v1/subscriptions/${subscriptionId}`]);
    expect(planUpdate[0]?.body).toMatchObject({
      items: [{ id: `si_${subscriptionId}`, price: 'price_monthly' }],
      proration_behavior: 'none',
      discounts: '',
      metadata: { promo_code: '' },
    });
    expect(planUpdate[0]?.idempotencyKey).toMatch(/^babe-company-\d+-update-sub_test\d+-/);
    expect(
      json<{ company: { subscriptionPlan: string } }>(await agent.get('/api/auth/user')).company,
    ).toMatchObject({
      subscriptionPlan: 'monthly',
    });
  });

  it('reads a dollar coupon in dollars, and refuses codes that are unknown, expired, used up or for another product', async () => {
    const { agent } = await trialCompany(t);
    stripe.addPromotionCode('TAKE25', { amount_off: 2500, currency: 'usd' });
    stripe.addPromotionCode(
      'LASTYEAR',
      { percent_off: 10 },
      { expires_at: Math.floor(Date.now() / 1000) - 60 },
    );
    stripe.addPromotionCode('USEDUP', { percent_off: 10 }, { max_redemptions: 5, times_redeemed: 5 });
    stripe.addPromotionCode('OTHERAPP', { percent_off: 10, applies_to: { products: ['prod_other'] } });

    expect(json(await agent.post('/api/subscription/validate-promo', { promoCode: 'take25' }))).toMatchObject(
      {
        valid: true,
        discount: 25,
        discountType: 'amount',
        message: 'TAKE25: $25 off your subscription after the trial ends',
      },
    );
    for (const [promoCode, message] of [
      ['NOPE', 'Invalid promo code'],
      ['LASTYEAR', 'This promo code has expired'],
      ['USEDUP', 'This promo code is no longer active'],
      ['OTHERAPP', 'This promo code does not apply to this plan'],
    ]) {
      const res = await agent.post('/api/subscription/validate-promo', { promoCode });
      expect(json(res), promoCode).toEqual({ valid: false, discount: null, discountType: null, message });
    }

    stripe.take();
    const refused = await agent.post('/api/subscription/create-trial', {
      plan: 'monthly',
      promoCode: 'USEDUP',
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).errors).toEqual({ promoCode: 'This promo code is no longer active' });
    expect(writes()).toEqual([]);
  });

  it('answers "Trial already active" once Stripe reports the subscription paid', async () => {
    const { agent, subscriptionId } = await trialCompany(t);
    Object.assign(stripe.objects.get(subscriptionId) ?? {}, { status: 'active', trial_end: null });
    stripe.take();
    const res = await agent.post('/api/subscription/create-trial', { plan: 'monthly' });
    expect(json(res)).toEqual({
      clientSecret: null,
      cardOnFile: false,
      subscriptionActive: true,
      message: 'Trial already active: your subscription is active',
    });
    expect(writes()).toEqual([]);
  });
});

describe('checkout, fixing and cancelling with Stripe', () => {
  it('cancels a trial at once; checkout then opens a Checkout Session for the plan, returning to payment-required', async () => {
    const { agent, companyId, customerId, subscriptionId } = await trialCompany(t, 'monthly');
    stripe.take();
    const cancel = await agent.post('/api/subscription/cancel');
    expect(json(cancel)).toMatchObject({ success: true, subscriptionStatus: 'cancelled' });
    expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual([
      `DELETE /v1/subscriptions/${subscriptionId}`,
    ]);
    expect(stripe.objects.get(subscriptionId)?.status).toBe('canceled');
    expect((await companyRow(t, companyId)).subscriptionStatus).toBe('cancelled');

    const checkout = await agent.post('/api/subscription/create-checkout');
    expect(checkout.statusCode).toBe(200);
    expect(json(checkout).checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test\d+$/);
    const [session] = writes();
    expect(session?.path).toBe('/v1/checkout/sessions');
    expect(session?.body).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: String(companyId),
      line_items: [{ price: 'price_monthly', quantity: '1' }],
      success_url: 'https://app.example.com/payment-required?payment=success',
      cancel_url: 'https://app.example.com/payment-required',
      metadata: { company_id: String(companyId) },
      subscription_data: { metadata: { company_id: String(companyId) } },
    });
    expect(session?.idempotencyKey).toMatch(new RegExp(`^babe-company-${companyId}-checkout-`));
  });

  it('cancels a paid subscription at the end of its period, shown as cancelled; subscribing again takes it back', async () => {
    const { agent, companyId, subscriptionId } = await trialCompany(t, 'yearly');
    Object.assign(stripe.objects.get(subscriptionId) ?? {}, {
      status: 'active',
      default_payment_method: 'pm_1',
    });
    expect(json(await agent.post('/api/emergency/fix-subscription'))).toMatchObject({
      success: true,
      subscriptionStatus: 'active',
    });
    stripe.take();
    const res = await agent.post('/api/subscription/cancel', { deleteDataOnCancel: false });
    expect(json(res)).toMatchObject({ success: true, subscriptionStatus: 'cancelled' });
    const [update] = writes();
    expect(update?.path).toBe(`/v1/subscriptions/${subscriptionId}`);
    expect(update?.body).toMatchObject({ cancel_at_period_end: 'true' });
    expect(stripe.objects.get(subscriptionId)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });
    expect((await companyRow(t, companyId)).subscriptionStatus).toBe('cancelled');

    // Subscribing again while the paid period runs takes the cancellation back: no second subscription.
    const again = await agent.post('/api/subscription/create-checkout');
    expect(json(again)).toEqual({ checkoutUrl: '/payment-required?payment=success' });
    expect(writes().map((r) => `${r.path} ${JSON.stringify(r.body)}`)).toEqual([
      `/v1/subscriptions/${subscriptionId} {"cancel_at_period_end":"false","expand":["customer"]}`,
    ]);
    expect((await companyRow(t, companyId)).subscriptionStatus).toBe('active');
  });

  it('fix-subscription repairs a stored status that went wrong from what Stripe holds', async () => {
    const { agent, companyId } = await trialCompany(t);
    await t.ctx.db
      .update(companies)
      .set({ subscriptionStatus: 'past_due' })
      .where(eq(companies.id, companyId));
    expect((await agent.get('/api/projects')).statusCode).toBe(402);
    const res = await agent.post('/api/emergency/fix-subscription');
    expect(json(res)).toMatchObject({ success: true, subscriptionStatus: 'trial' });
    expect((await agent.get('/api/projects')).statusCode).toBe(200);
  });
});

describe('account deletion with Stripe', () => {
  it('deletes the Stripe customer (ending its subscription) with the company’s last member', async () => {
    const { agent, customerId, subscriptionId } = await trialCompany(t);
    stripe.take();
    const res = await agent.delete('/api/account/delete', { confirmation: 'DELETE', deleteAllData: true });
    expect(res.statusCode).toBe(200);
    expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /v1/customers/${customerId}`]);
    expect(stripe.objects.get(subscriptionId)?.status).toBe('canceled');
  });
});

describe('configuration and administration with Stripe', () => {
  it('gives the card form its publishable key', async () => {
    const { agent } = await trialCompany(t);
    expect(json(await agent.get('/api/subscription/config'))).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_standin',
    });
  });

  it('lists users with the stored Stripe customer and period end, without calling Stripe', async () => {
    const { agent, companyId } = await trialCompany(t);
    const row = await companyRow(t, companyId);
    stripe.take();
    const res = await agent.get('/api/admin/users');
    expect(stripe.take()).toEqual([]);
    const body = json<{ users: { stripeCustomer: unknown; stripeSubscription: unknown }[]; summary: object }>(
      res,
    );
    expect(body.users[0]).toMatchObject({
      stripeCustomer: { email: row.stripeCustomerEmail },
      stripeSubscription: { status: 'trial', current_period_end: row.trialEndsAt?.toISOString() },
    });
    expect(body.summary).toMatchObject({ usersWithStripeCustomer: 1, trialUsers: 1 });
  });
});
