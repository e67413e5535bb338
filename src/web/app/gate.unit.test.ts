import { describe, expect, it } from 'vitest';
import type { UserDto } from '@/contracts/auth';
import { homeAfterSignIn } from '@/web/lib/access';
import { gateRedirect } from './gate';
import { activeNavItem } from './layouts/nav-items';

const NOW = new Date('2026-03-01T12:00:00Z');

function user(
  company: Partial<NonNullable<UserDto['company']>> | null,
  role: UserDto['role'] = 'owner',
): UserDto {
  return {
    id: 'u1',
    email: 'dana@example.com',
    firstName: 'Dana',
    lastName: 'Builder',
    profileImageUrl: null,
    role,
    companyId: company ? 1 : null,
    isAdmin: false,
    twoFactorEnabled: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    company: company && {
      id: 1,
      name: 'Summit',
      slug: 'summit',
      type: 'general',
      subscriptionStatus: 'trial',
      subscriptionPlan: 'starter',
      trialEndsAt: null,
      stripeCustomerId: null,
      trialSetUp: false,
      country: 'US',
      state: null,
      twoFactorRequired: false,
      ...company,
    },
  };
}

const noCompany = user(null);
const trialOpen = user({ subscriptionStatus: 'trial', trialEndsAt: '2026-03-10T00:00:00.000Z' });
const trialNoEnd = user({ subscriptionStatus: 'trial', trialEndsAt: null });
const trialOver = user({ subscriptionStatus: 'trial', trialEndsAt: '2026-03-01T11:59:59.000Z' });
const active = user({ subscriptionStatus: 'active', trialEndsAt: '2020-01-01T00:00:00.000Z' });
const cancelled = user({ subscriptionStatus: 'cancelled' });
const pastDue = user({ subscriptionStatus: 'past_due' });
const mustSetUp = user({ subscriptionStatus: 'active', twoFactorRequired: true });
const setUp = { ...mustSetUp, twoFactorEnabled: true };

describe('gateRedirect', () => {
  it.each([
    // user, path, where to
    [noCompany, '/', '/subscription-setup'],
    [noCompany, '/projects', '/subscription-setup'],
    [noCompany, '/about', '/subscription-setup'],
    [noCompany, '/payment-required', '/subscription-setup'],
    [noCompany, '/no-such-page', '/subscription-setup'],
    [noCompany, '/subscription-setup', null],
    [noCompany, '/onboarding', null],
    [noCompany, '/onboarding/', null],
    [noCompany, '/signin', null],
    [noCompany, '/signup', null],
    [trialOpen, '/projects', null],
    [trialOpen, '/about', null],
    [trialOpen, '/payment-required', null],
    [trialNoEnd, '/contacts', null],
    [active, '/schedule', null],
    // The payment screen's "Return to Home" reaches the landing page, and the public pages it links to.
    [trialOver, '/', null],
    [trialOver, '/about', null],
    [cancelled, '/contact-support', null],
    [trialOver, '/projects', '/payment-required'],
    [trialOver, '/onboarding', '/payment-required'],
    [trialOver, '/payment-required', null],
    [cancelled, '/contacts', '/payment-required'],
    [pastDue, '/ai-insights', '/payment-required'],
    [pastDue, '/signin', null],
    // A company that requires two-step sign-in: nothing opens until the user has set it up.
    [mustSetUp, '/projects', '/two-factor-setup'],
    [mustSetUp, '/account-settings', '/two-factor-setup'],
    [mustSetUp, '/two-factor-setup', null],
    [setUp, '/projects', null],
  ] as const)('%#: %s at %s → %s', (who, path, target) => {
    expect(gateRedirect(who, path, NOW)).toBe(target);
  });
});

describe('homeAfterSignIn', () => {
  it.each([
    ['no company yet', noCompany, '/subscription-setup'],
    ['an owner whose trial page has not been through', trialOpen, '/subscription-setup'],
    ['an owner whose trial is set up', user({ trialSetUp: true }), '/projects'],
    ['a member of a company not set up', user({ trialSetUp: false }, 'member'), '/projects'],
    ['an admin of a company not set up', user({ trialSetUp: false }, 'admin'), '/projects'],
    ['a paying company', user({ subscriptionStatus: 'active', trialSetUp: true }), '/projects'],
  ] as const)('%s → %s', (_label, who, target) => {
    expect(homeAfterSignIn(who)).toBe(target);
  });
});

describe('activeNavItem', () => {
  it.each([
    ['/', 'Portfolio'],
    ['/projects', 'Portfolio'],
    ['/projects/12/tasks/3', 'Portfolio'],
    ['/contacts', 'Contacts'],
    ['/schedule', 'Schedule'],
    ['/ai-insights', 'AI Insights'],
    ['/account-settings', 'Portfolio'],
    ['/admin', 'Portfolio'],
    ['/contactsx', 'Portfolio'],
  ])('%s highlights %s', (path, label) => {
    expect(activeNavItem(path).label).toBe(label);
  });
});
