import type { BillingPlan } from '../../../contracts/subscription.js';
import { formatUsd, PLAN_PRICES } from '../../../domain/subscription/pricing.js';
import type { MailMessage } from '../../providers/mail/mailer.js';

export interface TrialReminder {
  to: string;
  firstName: string | null;
  companyName: string;
  /** The company's time zone, in which the end date is written. */
  timezone: string;
  trialEndsAt: Date;
  plan: BillingPlan | null;
  /** A card is saved: it is charged at the trial's end (otherwise the subscription ends with the trial). */
  cardOnFile: boolean;
  /** Where the card is added or changed (trial setup). */
  cardUrl: string;
}

function longDate(at: Date, timezone: string): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'full' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: timezone }).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(at);
  }
}

/**
 * The e-mail sent a few days before a trial ends: when it ends, what happens then (the saved card
 * is charged, or without a card the subscription ends), and the link to add or change the card.
 */
export function trialReminderMail(reminder: TrialReminder): MailMessage {
  const ends = longDate(reminder.trialEndsAt, reminder.timezone);
  const price = reminder.plan ? PLAN_PRICES[reminder.plan] : null;
  const planText = price
    ? `the ${reminder.plan} plan (${formatUsd(price.amountCents)} per ${price.interval}, less any promo applied)`
    : 'your plan';
  const next = reminder.cardOnFile
    ? [`Your saved card will then be charged for ${planText}.`, `To pay with another card, change it here:`]
    : [
        `Add a card before then to keep your projects, contacts and schedules: it is charged for ${planText} when the trial ends. Without a card, the subscription ends with the trial.`,
        `Add your card here:`,
      ];
  const text = [
    `Hello ${reminder.firstName?.trim() || 'there'},`,
    '',
    `The free trial of ${reminder.companyName} on Babe Construction Manager ends on ${ends}.`,
    '',
    next[0],
    '',
    next[1],
    reminder.cardUrl,
    '',
    'You can cancel anytime from Account Settings.',
    '',
    '— Babe Construction Manager',
  ].join('\n');
  return { to: reminder.to, subject: `Your free trial ends on ${ends}`, text };
}
