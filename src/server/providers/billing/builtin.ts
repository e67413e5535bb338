import { eq } from 'drizzle-orm';
import { DEFAULT_PLAN } from '../../../domain/subscription/pricing.js';
import { normalizePromoCode } from '../../../domain/subscription/promo.js';
import type { Db } from '../../db/client.js';
import { builtinSubscriptions, promoCodes } from '../../db/schema/index.js';
import type {
  AppliedPromo,
  BillingProvider,
  CheckoutSession,
  ProviderSubscription,
  TrialSetup,
} from './billing-provider.js';

type Row = typeof builtinSubscriptions.$inferSelect;
type NewRow = typeof builtinSubscriptions.$inferInsert;

/**
 * The built-in billing provider: no card and no charge. It keeps its own record of each company's
 * subscription in `builtin_subscriptions` (what Stripe would hold) and its promo codes in
 * `promo_codes`. A trial starts without a card, checkout activates at once.
 */
export function builtinBillingProvider(deps: { db: Db; now: () => Date }): BillingProvider {
  const { db, now } = deps;

  const promoColumns = (promo: AppliedPromo | null) => ({
    promoCode: promo?.code ?? null,
    promoDiscountType: promo?.discountType ?? null,
    promoDiscount: promo?.discount ?? null,
  });

  async function upsert(
    insert: NewRow,
    update: Partial<Omit<NewRow, 'companyId' | 'createdAt'>>,
  ): Promise<ProviderSubscription> {
    const rows = await db
      .insert(builtinSubscriptions)
      .values(insert)
      .onConflictDoUpdate({
        target: builtinSubscriptions.companyId,
        set: { ...update, updatedAt: now() },
      })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('upsert returned no row');
    return toSubscription(row);
  }

  return {
    name: 'builtin',

    async findPromoCode(code) {
      const rows = await db
        .select()
        .from(promoCodes)
        .where(eq(promoCodes.code, normalizePromoCode(code)))
        .limit(1);
      const row = rows[0];
      return row
        ? {
            code: row.code,
            discountType: row.discountType,
            discount: row.discount,
            active: row.active,
            expiresAt: row.expiresAt,
          }
        : null;
    },

    async startTrial(customer, { plan, promo }): Promise<TrialSetup> {
      // A record that is already active or cancelled keeps its status: only plan and promo change.
      await upsert(
        {
          companyId: customer.companyId,
          plan,
          status: 'trialing',
          trialEndsAt: customer.trialEndsAt,
          ...promoColumns(promo),
        },
        { plan, ...promoColumns(promo) },
      );
      // The company's own status stays as it is: this record only mirrors the choices made.
      return { clientSecret: null, customerId: null, cardOnFile: false, subscription: null };
    },

    async createCheckout(customer, { plan, promo, successPath }): Promise<CheckoutSession> {
      const at = now();
      const values = {
        plan,
        status: 'active' as const,
        activatedAt: at,
        cancelledAt: null,
        ...promoColumns(promo),
      };
      const subscription = await upsert(
        { companyId: customer.companyId, trialEndsAt: customer.trialEndsAt, ...values },
        values,
      );
      return { url: successPath, customerId: null, subscription };
    },

    async getSubscription(customer) {
      const rows = await db
        .select()
        .from(builtinSubscriptions)
        .where(eq(builtinSubscriptions.companyId, customer.companyId))
        .limit(1);
      const row = rows[0];
      return row ? toSubscription(row) : null;
    },

    async cancel(customer) {
      // Recorded even without an earlier set-up, so a later trial set-up cannot revive the trial.
      const at = now();
      return upsert(
        {
          companyId: customer.companyId,
          plan: DEFAULT_PLAN,
          status: 'cancelled',
          trialEndsAt: customer.trialEndsAt,
          cancelledAt: at,
        },
        { status: 'cancelled', cancelledAt: at },
      );
    },

    async deleteCustomer(customer) {
      await db.delete(builtinSubscriptions).where(eq(builtinSubscriptions.companyId, customer.companyId));
    },
  };
}

function toSubscription(row: Row): ProviderSubscription {
  return {
    companyId: row.companyId,
    customerId: null,
    customerEmail: null,
    subscriptionId: null,
    status: row.status,
    plan: row.plan,
    trialEndsAt: row.trialEndsAt,
    currentPeriodEnd: null,
    promoCode: row.promoCode,
    hasPaymentMethod: false,
  };
}
