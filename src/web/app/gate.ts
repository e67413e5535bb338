import type { UserDto } from '@/contracts/auth';
import { accessOf } from '@/web/lib/access';

/** Screens that redirect a signed-in visitor onward themselves. */
const AUTH_SCREENS = new Set(['/signin', '/signup']);
/** Where a signed-in user without a company may be: onboarding creates the company. */
const NO_COMPANY_SCREENS = new Set(['/subscription-setup', '/onboarding']);
const PAYMENT_SCREEN = '/payment-required';

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * The gate: a signed-in user without a company is sent to /subscription-setup from every
 * other screen; one whose subscription needs payment, to /payment-required. Null: stay.
 */
export function gateRedirect(user: UserDto, pathname: string, now: Date = new Date()): string | null {
  const path = normalise(pathname);
  if (AUTH_SCREENS.has(path)) return null;
  switch (accessOf(user, now)) {
    case 'no_company':
      return NO_COMPANY_SCREENS.has(path) ? null : '/subscription-setup';
    case 'payment_required':
      return path === PAYMENT_SCREEN ? null : PAYMENT_SCREEN;
    case 'allowed':
      return null;
  }
}
