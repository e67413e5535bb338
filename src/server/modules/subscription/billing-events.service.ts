import type { StripeWebhookDto } from '../../../contracts/subscription.js';
import type { AppContext } from '../../context.js';
import { withTenant } from '../../db/tenant-scope.js';
import { AppError, badRequest } from '../../errors.js';
import type { CompanyRow } from '../../plugins/auth-context.js';
import {
  type BillingEvent,
  type BillingProvider,
  InvalidWebhook,
  type ProviderSubscription,
} from '../../providers/billing/billing-provider.js';
import { subscriptionRepo } from './subscription.repo.js';
import { customerOf } from './subscription.service.js';
import { storeProviderRecord } from './subscription-sync.js';
import { trialReminderMail } from './trial-reminder.js';

/**
 * The billing provider's webhooks. A delivery is believed only once its signature checks out over
 * the raw body. Each event is recorded by id together with the change it makes, in one
 * transaction, so a replayed or duplicated delivery changes nothing. The event's own copy of the
 * subscription is never trusted for the status: the company's subscriptions are read again from
 * the provider, so events arriving out of order (an old "updated" after "deleted") cannot undo a
 * later state.
 */
export function billingEventsService(ctx: AppContext, billing: BillingProvider) {
  const { db } = ctx;

  /** The company the event is about: by the provider's customer, else by the company its metadata names. */
  async function companyOf(event: BillingEvent): Promise<CompanyRow | undefined> {
    const byCustomer = event.customerId
      ? await subscriptionRepo.companyByCustomer(db, event.customerId)
      : undefined;
    if (byCustomer || event.companyId === null) return byCustomer;
    const named = await subscriptionRepo.companyById(db, event.companyId);
    // A company whose customer id was not stored yet (the answer that carried it was lost) takes
    // the event's; a company with another customer does not.
    return named && (named.stripeCustomerId === null || named.stripeCustomerId === event.customerId)
      ? named
      : undefined;
  }

  async function remind(company: CompanyRow, record: ProviderSubscription | null) {
    const trialEndsAt = record?.trialEndsAt ?? company.trialEndsAt;
    if (!trialEndsAt || (record && record.status !== 'trialing')) return;
    for (const contact of await subscriptionRepo.billingContacts(db, company.id)) {
      await ctx.mailer.send(
        trialReminderMail({
          to: contact.email,
          firstName: contact.firstName,
          companyName: company.name,
          timezone: company.timezone,
          trialEndsAt,
          plan: record?.plan ?? null,
          cardOnFile: record?.hasPaymentMethod ?? false,
          cardUrl: `${ctx.config.publicUrl}/subscription-setup`,
        }),
      );
    }
  }

  return {
    async receive(rawBody: Buffer, signature: string | undefined): Promise<StripeWebhookDto> {
      if (!billing.parseWebhook) {
        throw new AppError(404, 'webhook_not_configured', 'Stripe billing is not configured on this server');
      }
      let event: BillingEvent;
      try {
        event = billing.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof InvalidWebhook) throw badRequest(error.message, undefined, 'invalid_signature');
        throw error;
      }
      if (await subscriptionRepo.eventSeen(db, event.id)) return { received: true, duplicate: true };

      const company = event.kind === 'other' ? undefined : await companyOf(event);
      if (!company) {
        // Nothing here for the app (another event type, or a customer that is not one of ours).
        const fresh = await subscriptionRepo.recordEvent(db, null, event);
        return { received: true, duplicate: !fresh };
      }

      await billing.settleEvent?.(event);
      const customer = customerOf(company, company.stripeCustomerEmail ?? '');
      const record = await billing.getSubscription({
        ...customer,
        customerId: customer.customerId ?? event.customerId,
      });
      // A webhook has no signed-in company: the event's customer names it.
      const fresh = await withTenant(company.id, () =>
        db.transaction(async (tx) => {
          if (!(await subscriptionRepo.recordEvent(tx, company.id, event))) return false;
          await storeProviderRecord(tx, company.id, record, ctx.now());
          return true;
        }),
      );
      if (!fresh) return { received: true, duplicate: true };

      if (event.kind === 'trial_will_end') {
        try {
          await remind(company, record);
        } catch (error) {
          // Not sent: forget the event so the provider's next delivery sends it.
          await subscriptionRepo.forgetEvent(db, event.id);
          throw error;
        }
      }
      return { received: true, duplicate: false };
    },
  };
}
