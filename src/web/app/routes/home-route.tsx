import { lazy, Suspense } from 'react';
import { FullPageSpinner } from '@/web/components/ui/spinner';
import { screens } from '../screens';
import { useSessionUser } from '../session';

// A visitor downloads the landing page only; a signed-in user the Portfolio only.
const LandingPage = lazy(async () => ({ default: await screens.landing() }));
const PortfolioPage = lazy(async () => ({ default: await screens.projects() }));
const SignedInFrame = lazy(async () => ({ default: await screens.signedInFrame() }));

/** /: the landing page for visitors, the Portfolio (inside the app frame) for signed-in users. */
export function HomeRoute() {
  const user = useSessionUser();
  if (!user) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <LandingPage />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <SignedInFrame>
        <Suspense fallback={<FullPageSpinner />}>
          <PortfolioPage />
        </Suspense>
      </SignedInFrame>
    </Suspense>
  );
}
