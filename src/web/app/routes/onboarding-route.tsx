import { OnboardingPage } from '@/web/features/onboarding/pages/onboarding-page';
import { useRequiredUser } from '../session';

export function OnboardingRoute() {
  return <OnboardingPage user={useRequiredUser()} />;
}
