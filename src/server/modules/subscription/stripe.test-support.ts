/** What the Stripe billing tests share: the app billing through the Stripe stand-in, and a company on trial. */
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/index.js';
import {
  type StripeStandIn,
  startStripeStandIn,
} from '../../providers/billing/stripe-stand-in.test-support.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

export async function startStripeApp(): Promise<{ t: TestApp; stripe: StripeStandIn }> {
  const stripe = await startStripeStandIn();
  const t = await createTestApp({ ...stripe.env, PUBLIC_URL: 'https://app.example.com' });
  return { t, stripe };
}

export async function companyRow(t: TestApp, companyId: number) {
  const rows = await t.ctx.db.select().from(companies).where(eq(companies.id, companyId));
  const row = rows[0];
  if (!row) throw new Error(`no company ${companyId}`);
  return row;
}

export interface TrialCompany {
  agent: Agent;
  companyId: number;
  customerId: string;
  subscriptionId: string;
  clientSecret: string;
}

/** A signed-up owner whose company set its trial up on `plan` (the Stripe subscription waits for a card). */
export async function trialCompany(t: TestApp, plan: 'monthly' | 'yearly' = 'yearly'): Promise<TrialCompany> {
  const agent = t.agent();
  await agent.signUpWithCompany({ email: `stripe-${crypto.randomUUID().slice(0, 8)}@example.com` });
  const res = await agent.post('/api/subscription/create-trial', { plan });
  if (res.statusCode !== 200) throw new Error(`create-trial: ${res.statusCode} ${res.body}`);
  const { companyId } = json<{ companyId: number }>(await agent.get('/api/auth/user'));
  const row = await companyRow(t, companyId);
  if (!row.stripeCustomerId || !row.stripeSubscriptionId) throw new Error('no Stripe ids stored');
  return {
    agent,
    companyId,
    customerId: row.stripeCustomerId,
    subscriptionId: row.stripeSubscriptionId,
    clientSecret: String(json(res).clientSecret),
  };
}

/** Delivers a signed webhook to the app as Stripe would. */
export function deliver(t: TestApp, delivery: { payload: string; signature?: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload: delivery.payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(delivery.signature ? { 'stripe-signature': delivery.signature } : {}),
    },
  });
}
