import { Navigate } from 'react-router';
import { LandingPage } from '@/web/features/landing/pages/landing-page';
import { OnboardingPage } from '@/web/features/onboarding/pages/onboarding-page';
import { PortfolioPage } from '@/web/features/projects/pages/portfolio-page';
import { PaymentRequiredPage } from '@/web/features/subscription/pages/payment-required-page';
import { SubscriptionSetupPage } from '@/web/features/subscription/pages/subscription-setup-page';
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

/** Only users without a company need setting up (the billing release adds the trial setup). */
export function SubscriptionSetupRoute() {
  const user = useRequiredUser();
  if (user.company) return <Navigate to="/" replace />;
  return <SubscriptionSetupPage />;
}

/** Spec §2: a user whose subscription is fine has nothing to pay and goes home. */
export function PaymentRequiredRoute() {
  const user = useRequiredUser();
  if (accessOf(user) === 'allowed') return <Navigate to="/" replace />;
  return <PaymentRequiredPage />;
}
