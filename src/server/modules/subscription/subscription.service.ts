import {
  BILLING_PLANS,
  type BillingConfigDto,
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
import { trialActiveMessage } from '../../../domain/subscription/reconcile.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest } from '../../errors.js';
import type { CompanyRow, UserRow } from '../../plugins/auth-context.js';
import type {
  AppliedPromo,
  BillingCustomer,
  BillingProvider,
  TrialSetup,
} from '../../providers/billing/billing-provider.js';
import { createBillingProvider } from '../../providers/billing/create-billing-provider.js';
import { type CleanupLog, documentsService } from '../documents/documents.service.js';
import { deleteCompanyProjects } from '../projects/project-scope.js';
import { bulkTaskWrites } from '../tasks/bulk-task-writes.js';
import { subscriptionRepo } from './subscription.repo.js';
import { providerDetails, storeProviderRecord } from './subscription-sync.js';

const CHECKOUT_CANCEL_PATH = '/payment-required';

/**
 * The company's data, deleted in the caller's transaction: children first (updates, documents,
 * insights, contacts), then the tasks and projects through the modules that own those tables.
 */
async function deleteCompanyData(tx: Db, companyId: number) {
  const records = await subscriptionRepo.deleteCompanyRecords(tx, companyId);
  const tasks = await bulkTaskWrites.deleteCompanyTasks(tx, companyId);
  const projects = await deleteCompanyProjects(tx, companyId);
  return { filePaths: records.filePaths, counts: { ...records.counts, tasks, projects } };
}

/** What the billing provider is told about the company; `email` is the user acting, when there is one. */
export function customerOf(company: CompanyRow, email: string): BillingCustomer {
  return {
    companyId: company.id,
    companyName: company.name,
    email,
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

/** What trial setup says once the trial runs: days left, and whether (and why) a card is asked for. */
function trialMessage(trialEndsAt: Date | null, now: Date, setup: TrialSetup): string {
  const days = trialActiveMessage(trialEndsAt, now);
  if (!setup.clientSecret) return `${days}. No card needed.`;
  return setup.cardOnFile
    ? `${days}. Your card is saved and is charged when the trial ends; enter another card to replace it.`
    : `${days}. Add a card: it is not charged until the trial ends.`;
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
    return {
      code: promo.code,
      discountType: promo.discountType,
      discount: promo.discount,
      ...(promo.providerId ? { providerId: promo.providerId } : {}),
    };
  }

  /** The promo applied at trial setup, if it still holds (an expired one is not applied at checkout). */
  async function promoStillValid(code: string | null): Promise<AppliedPromo | null> {
    if (!code) return null;
    return appliedPromo(code).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'invalid_promo') return null;
      throw error;
    });
  }

  async function sync(companyId: number, subscription: Parameters<typeof storeProviderRecord>[2]) {
    return db.transaction((tx) => storeProviderRecord(tx, companyId, subscription, ctx.now()));
  }

  return {
    /** Which provider takes payments, and the key its card form is mounted with. */
    config(): BillingConfigDto {
      const config = ctx.config.billing;
      return {
        provider: billing.name,
        publishableKey: config.kind === 'stripe' ? config.publishableKey : null,
      };
    },

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

    /**
     * Records the chosen plan and promo with the provider and on the company. While the trial runs,
     * Stripe's answer carries the client secret of the card form; a paying company is told its
     * trial (and more) is already active.
     */
    async createTrial(user: UserRow, company: CompanyRow, input: CreateTrialBody): Promise<CreateTrialDto> {
      const promo = input.promoCode ? await appliedPromo(input.promoCode) : null;
      const alreadyActive: CreateTrialDto = {
        clientSecret: null,
        cardOnFile: false,
        subscriptionActive: true,
        message: `${TRIAL_ALREADY_ACTIVE}: your subscription is active`,
      };
      if (company.subscriptionStatus === 'active') return alreadyActive;
      const now = ctx.now();
      // A company whose trial never got an end date gets one now.
      const trialEndsAt =
        company.trialEndsAt ??
        (company.subscriptionStatus === 'trial' ? trialEnd(now, ctx.config.trialDays) : null);
      const eligible =
        company.subscriptionStatus === 'trial' &&
        accessFor({ subscriptionStatus: 'trial', trialEndsAt }, now) === 'allowed';
      const setup = await billing.startTrial(
        { ...customerOf(company, user.email), trialEndsAt },
        { plan: input.plan, promo, eligible },
      );
      const stored = await db.transaction(async (tx) => {
        await subscriptionRepo.updateCompany(tx, company.id, {
          subscriptionPlan: input.plan,
          ...(company.trialEndsAt ? {} : { trialEndsAt }),
          ...(setup.customerId ? { stripeCustomerId: setup.customerId } : {}),
        });
        return setup.subscription ? storeProviderRecord(tx, company.id, setup.subscription, now) : null;
      });
      if (stored?.subscriptionStatus === 'active') return alreadyActive;

      const status = stored?.subscriptionStatus ?? company.subscriptionStatus;
      const endsAt = stored?.trialEndsAt ?? trialEndsAt;
      const allowed = accessFor({ subscriptionStatus: status, trialEndsAt: endsAt }, now) === 'allowed';
      const promoNote = promo
        ? ` Promo ${promo.code} applied: ${describeDiscount(promo)} off after the trial.`
        : '';
      const message = allowed
        ? `${trialMessage(endsAt, now, setup)}${promoNote}`
        : status === 'trial'
          ? `Your trial has ended. Subscribe to continue.${promoNote}`
          : `Your subscription is ${status === 'past_due' ? 'past due' : 'cancelled'}. Subscribe to continue.${promoNote}`;
      return {
        clientSecret: allowed ? setup.clientSecret : null,
        cardOnFile: setup.cardOnFile,
        subscriptionActive: false,
        message,
      };
    },

    /** Starts paying for the chosen (or recorded) plan with the promo applied at trial setup. */
    async createCheckout(user: UserRow, company: CompanyRow, plan: BillingPlan | undefined) {
      const customer = customerOf(company, user.email);
      const current = await billing.getSubscription(customer);
      const chosen = plan ?? current?.plan ?? planOf(company) ?? DEFAULT_PLAN;
      const session = await billing.createCheckout(customer, {
        plan: chosen,
        promo: await promoStillValid(current?.promoCode ?? null),
        successPath: CHECKOUT_RETURN_PATH,
        cancelPath: CHECKOUT_CANCEL_PATH,
      });
      if (session.subscription) await sync(company.id, session.subscription);
      else {
        await subscriptionRepo.updateCompany(db, company.id, {
          subscriptionPlan: chosen,
          ...(session.customerId ? { stripeCustomerId: session.customerId } : {}),
        });
      }
      return { checkoutUrl: session.url };
    },

    /** Recomputes the company's status from the provider's record ("Fix My Subscription Status"). */
    async fixSubscription(user: UserRow, company: CompanyRow): Promise<FixSubscriptionDto> {
      const result = await sync(company.id, await billing.getSubscription(customerOf(company, user.email)));
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
     * stored files after it commits. The route lets only the company's owner and admins call it.
     */
    async cancel(user: UserRow, company: CompanyRow, deleteData: boolean, log: CleanupLog) {
      const record = await billing.cancel(customerOf(company, user.email));
      const deleted = await db.transaction(async (tx) => {
        const locked = await subscriptionRepo.lockCompany(tx, company.id);
        if (!locked) throw new AppError(403, 'no_company', 'Create or join a company first');
        await subscriptionRepo.updateCompany(tx, company.id, {
          ...providerDetails(record),
          subscriptionStatus: 'cancelled',
        });
        return deleteData ? deleteCompanyData(tx, company.id) : null;
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
      await billing.deleteCustomer(customerOf(company, user.email));
    },
  };
}
