import {
  BILLING_PLANS,
  type BillingPlan,
  type CancelSubscriptionDto,
  CHECKOUT_RETURN_PATH,
  type CreateTrialBody,
  type CreateTrialDto,
  type FixSubscriptionDto,
  TRIAL_ALREADY_ACTIVE,
  type ValidatePromoDto,
} from '../../../contracts/subscription.js';
import { accessFor, trialEnd } from '../../../domain/subscription/gate.js';
import { DEFAULT_PLAN, describeDiscount } from '../../../domain/subscription/pricing.js';
import { checkPromo } from '../../../domain/subscription/promo.js';
import { reconcileSubscription, trialActiveMessage } from '../../../domain/subscription/reconcile.js';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, forbidden } from '../../errors.js';
import { type CompanyRow, isAdmin, type UserRow } from '../../plugins/auth-context.js';
import type {
  AppliedPromo,
  BillingCustomer,
  BillingProvider,
  ProviderSubscription,
} from '../../providers/billing/billing-provider.js';
import { createBillingProvider } from '../../providers/billing/create-billing-provider.js';
import { type CleanupLog, documentsService } from '../documents/documents.service.js';
import { type CompanyUpdate, subscriptionRepo } from './subscription.repo.js';

const CHECKOUT_CANCEL_PATH = '/payment-required';

function customerOf(company: CompanyRow, user: UserRow): BillingCustomer {
  return {
    companyId: company.id,
    companyName: company.name,
    email: user.email,
    customerId: company.stripeCustomerId,
    subscriptionId: company.stripeSubscriptionId,
    trialEndsAt: company.trialEndsAt,
  };
}

function planOf(company: CompanyRow): BillingPlan | null {
  return (BILLING_PLANS as readonly string[]).includes(company.subscriptionPlan)
    ? (company.subscriptionPlan as BillingPlan)
    : null;
}

/** The ids the provider gave, when it gave any (the built-in provider has none). */
function providerIds(subscription: ProviderSubscription | null): CompanyUpdate {
  return {
    ...(subscription?.customerId ? { stripeCustomerId: subscription.customerId } : {}),
    ...(subscription?.subscriptionId ? { stripeSubscriptionId: subscription.subscriptionId } : {}),
  };
}

/**
 * Subscription rules: promo codes, trial setup, checkout, fixing, cancelling and closing billing.
 * The billing provider is called first; what it answers is then
 * stored on the company in one transaction, under a lock on the company row.
 */
export function subscriptionService(ctx: AppContext, billing: BillingProvider = createBillingProvider(ctx)) {
  const { db } = ctx;
  const documents = documentsService(ctx);

  async function appliedPromo(code: string): Promise<AppliedPromo> {
    const check = checkPromo(await billing.findPromoCode(code), ctx.now());
    if (!check.valid) throw badRequest(check.message, { promoCode: check.message }, 'invalid_promo');
    const { promo } = check;
    return { code: promo.code, discountType: promo.discountType, discount: promo.discount };
  }

  /** Stores the provider's record on the company: status and trial end recomputed, plan and ids kept. */
  async function sync(companyId: number, subscription: ProviderSubscription | null) {
    return db.transaction(async (tx) => {
      const company = await subscriptionRepo.lockCompany(tx, companyId);
      if (!company) throw new AppError(403, 'no_company', 'Create or join a company first');
      const result = reconcileSubscription(company, subscription, ctx.now());
      const update: CompanyUpdate = {
        ...providerIds(subscription),
        ...(subscription?.plan && subscription.plan !== company.subscriptionPlan
          ? { subscriptionPlan: subscription.plan }
          : {}),
        ...(result.changed
          ? { subscriptionStatus: result.subscriptionStatus, trialEndsAt: result.trialEndsAt }
          : {}),
      };
      if (Object.keys(update).length > 0) await subscriptionRepo.updateCompany(tx, companyId, update);
      return result;
    });
  }

  return {
    async validatePromo(code: string): Promise<ValidatePromoDto> {
      const check = checkPromo(await billing.findPromoCode(code), ctx.now());
      return check.valid
        ? {
            valid: true,
            discount: check.promo.discount,
            discountType: check.promo.discountType,
            message: check.message,
          }
        : { valid: false, discount: null, discountType: null, message: check.message };
    },

    /** Records the chosen plan and promo with the provider and on the company; no card with the built-in provider. */
    async createTrial(user: UserRow, company: CompanyRow, input: CreateTrialBody): Promise<CreateTrialDto> {
      const promo = input.promoCode ? await appliedPromo(input.promoCode) : null;
      if (company.subscriptionStatus === 'active') {
        return {
          clientSecret: null,
          subscriptionActive: true,
          message: `${TRIAL_ALREADY_ACTIVE}: your subscription is active`,
        };
      }
      const now = ctx.now();
      // A company whose trial never got an end date gets one now.
      const trialEndsAt =
        company.trialEndsAt ??
        (company.subscriptionStatus === 'trial' ? trialEnd(now, ctx.config.trialDays) : null);
      const setup = await billing.startTrial(
        { ...customerOf(company, user), trialEndsAt },
        { plan: input.plan, promo },
      );
      await subscriptionRepo.updateCompany(db, company.id, {
        subscriptionPlan: input.plan,
        trialEndsAt,
        ...(setup.customerId ? { stripeCustomerId: setup.customerId } : {}),
      });

      const allowed =
        accessFor({ subscriptionStatus: company.subscriptionStatus, trialEndsAt }, now) === 'allowed';
      const promoNote = promo
        ? ` Promo ${promo.code} applied: ${describeDiscount(promo)} off after the trial.`
        : '';
      const message = allowed
        ? `${trialActiveMessage(trialEndsAt, now)}. ${
            setup.clientSecret ? 'Add a card: it is not charged until the trial ends.' : 'No card needed.'
          }${promoNote}`
        : company.subscriptionStatus === 'trial'
          ? `Your trial has ended. Subscribe to continue.${promoNote}`
          : `Your subscription is ${company.subscriptionStatus === 'past_due' ? 'past due' : 'cancelled'}. Subscribe to continue.${promoNote}`;
      return { clientSecret: setup.clientSecret, subscriptionActive: false, message };
    },

    /** Starts paying for the chosen (or recorded) plan with the promo applied at trial setup. */
    async createCheckout(user: UserRow, company: CompanyRow, plan: BillingPlan | undefined) {
      const customer = customerOf(company, user);
      const current = await billing.getSubscription(customer);
      const chosen = plan ?? current?.plan ?? planOf(company) ?? DEFAULT_PLAN;
      const session = await billing.createCheckout(customer, {
        plan: chosen,
        promo: current?.promo ?? null,
        successPath: CHECKOUT_RETURN_PATH,
        cancelPath: CHECKOUT_CANCEL_PATH,
      });
      if (session.subscription) await sync(company.id, session.subscription);
      else await subscriptionRepo.updateCompany(db, company.id, { subscriptionPlan: chosen });
      return { checkoutUrl: session.url };
    },

    /** Recomputes the company's status from the provider's record ("Fix My Subscription Status"). */
    async fixSubscription(user: UserRow, company: CompanyRow): Promise<FixSubscriptionDto> {
      const result = await sync(company.id, await billing.getSubscription(customerOf(company, user)));
      return {
        success: result.success,
        message: result.message,
        ...(result.error ? { error: result.error } : {}),
        subscriptionStatus: result.subscriptionStatus,
      };
    },

    /**
     * Cancels the subscription or trial; with `deleteData` also deletes the company's projects,
     * tasks, contacts, documents, insights and updates in the same transaction, and the documents'
     * stored files after it commits. Any member may cancel; deleting the company's data
     * takes an owner or admin.
     */
    async cancel(user: UserRow, company: CompanyRow, deleteData: boolean, log: CleanupLog) {
      if (deleteData && !isAdmin(ctx.config, user)) {
        throw forbidden('Only an owner or admin can delete the company’s data');
      }
      const record = await billing.cancel(customerOf(company, user));
      const deleted = await db.transaction(async (tx) => {
        const locked = await subscriptionRepo.lockCompany(tx, company.id);
        if (!locked) throw new AppError(403, 'no_company', 'Create or join a company first');
        await subscriptionRepo.updateCompany(tx, company.id, {
          ...providerIds(record),
          subscriptionStatus: 'cancelled',
        });
        return deleteData ? subscriptionRepo.deleteCompanyData(tx, company.id) : null;
      });
      if (deleted) await documents.removeStoredFiles(deleted.filePaths, log);
      const result: CancelSubscriptionDto = {
        success: true,
        message: deleted ? 'Subscription cancelled and company data deleted' : 'Subscription cancelled',
        subscriptionStatus: 'cancelled',
        dataDeleted: Boolean(deleted),
      };
      return result;
    },

    /** Account deletion of a company's last member: ends the subscription and forgets the customer. */
    async closeBilling(user: UserRow, company: CompanyRow) {
      await billing.deleteCustomer(customerOf(company, user));
    },
  };
}
