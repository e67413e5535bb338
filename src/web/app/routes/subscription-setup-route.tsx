import { useLogout } from '@/web/features/auth/api/logout';
import { SubscriptionSetupPage } from '@/web/features/subscription/pages/subscription-setup-page';
import { useRequiredUser } from '../session';

/**
 * /subscription-setup: the trial setup for a user with a company; without one, the way into
 * onboarding. "Sign in again" signs out and opens /signin.
 */
export function SubscriptionSetupRoute() {
  const user = useRequiredUser();
  const { logout } = useLogout();
  return <SubscriptionSetupPage user={user} onSignInAgain={logout} />;
}
