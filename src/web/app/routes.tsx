import { Navigate, useLocation } from 'react-router';
import { AccountSettingsPage } from '@/web/features/account/pages/account-settings-page';
import { ProfilePage } from '@/web/features/account/pages/profile-page';
import { useLogout } from '@/web/features/auth/api/logout';
import { LandingPage } from '@/web/features/landing/pages/landing-page';
import { OnboardingPage } from '@/web/features/onboarding/pages/onboarding-page';
import { PortfolioPage } from '@/web/features/projects/pages/portfolio-page';
import {
  isPaymentReturn,
  PaymentRequiredPage,
} from '@/web/features/subscription/pages/payment-required-page';
import { SubscriptionSetupPage } from '@/web/features/subscription/pages/subscription-setup-page';
import { ContactSupportPage } from '@/web/features/support/pages/contact-support-page';
import { accessOf } from '@/web/lib/access';
import { AppLayout } from './layouts/app-layout';
import { useRequiredUser, useSessionUser } from './session';

/** /: the landing page for visitors, the Portfolio (inside the app frame) for signed-in users. */
export function HomeRoute() {
  const user = useSessionUser();
  if (!user) return <LandingPage />;
  return (
    <AppLayout>
      <PortfolioPage />
    </AppLayout>
  );
}

export function OnboardingRoute() {
  return <OnboardingPage user={useRequiredUser()} />;
}

/**
 * /subscription-setup: the trial setup for a user with a company; without one, the way into
 * onboarding. "Sign in again" signs out and opens /signin.
 */
export function SubscriptionSetupRoute() {
  const user = useRequiredUser();
  const { logout } = useLogout();
  return <SubscriptionSetupPage user={user} onSignInAgain={logout} />;
}

/**
 * A user whose subscription is fine has nothing to pay and goes home — except on the
 * return from checkout, which shows its own progress and welcome before going home.
 */
export function PaymentRequiredRoute() {
  const user = useRequiredUser();
  const location = useLocation();
  if (accessOf(user) === 'allowed' && !isPaymentReturn(location.search, location.state)) {
    return <Navigate to="/" replace />;
  }
  return <PaymentRequiredPage user={user} />;
}

export function ProfileRoute() {
  return <ProfilePage user={useRequiredUser()} />;
}

export function AccountSettingsRoute() {
  return <AccountSettingsPage user={useRequiredUser()} />;
}

/** Signed in, the feedback form takes the name and email from the session. */
export function ContactSupportRoute() {
  return <ContactSupportPage user={useSessionUser()} />;
}
