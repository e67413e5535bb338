import type { UserDto } from '@/contracts/auth';
import { accessOf } from '@/web/lib/access';

/** Screens that redirect a signed-in visitor onward themselves. */
const AUTH_SCREENS = new Set(['/signin', '/signup']);
/** Where a signed-in user without a company may be: onboarding creates the company. */
const NO_COMPANY_SCREENS = new Set(['/subscription-setup', '/onboarding']);
const PAYMENT_SCREEN = '/payment-required';
/** Where a user whose company requires two-step sign-in sets it up; nothing else opens until then. */
const TWO_FACTOR_SETUP_SCREEN = '/two-factor-setup';
/**
 * Where a user whose subscription needs payment may still go: the payment screen, the landing page
 * (its "Return to Home") and the public pages it links to.
 */
const PAYMENT_REQUIRED_SCREENS = new Set([PAYMENT_SCREEN, '/', '/about', '/contact-support']);

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * The gate: a signed-in user without a company is sent to /subscription-setup from every
 * other screen; one whose subscription needs payment, to /payment-required from every screen but
 * the landing and public pages; one whose company requires two-step sign-in and who has not set it
 * up, to /two-factor-setup from every screen. Null: stay.
 */
export function gateRedirect(user: UserDto, pathname: string, now: Date = new Date()): string | null {
  const path = normalise(pathname);
  if (AUTH_SCREENS.has(path)) return null;
  if (user.company?.twoFactorRequired && !user.twoFactorEnabled) {
    return path === TWO_FACTOR_SETUP_SCREEN ? null : TWO_FACTOR_SETUP_SCREEN;
  }
  switch (accessOf(user, now)) {
    case 'no_company':
      return NO_COMPANY_SCREENS.has(path) ? null : '/subscription-setup';
    case 'payment_required':
      return PAYMENT_REQUIRED_SCREENS.has(path) ? null : PAYMENT_SCREEN;
    case 'allowed':
      return null;
  }
}
