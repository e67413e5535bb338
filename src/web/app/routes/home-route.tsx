import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { FullPageSpinner } from '@/web/components/ui/spinner';
import { accessOf } from '@/web/lib/access';
import { screens } from '../screens';
import { useSessionUser } from '../session';

// A visitor downloads the landing page only; a signed-in user the Portfolio only.
const LandingPage = lazy(async () => ({ default: await screens.landing() }));
const PortfolioPage = lazy(async () => ({ default: await screens.projects() }));
const SignedInFrame = lazy(async () => ({ default: await screens.signedInFrame() }));

/**
 * /: the landing page for visitors and for signed-in users whose subscription needs payment (the
 * payment screen's "Return to Home"; its header leads back to the subscription), the Portfolio
 * (inside the app frame) for signed-in users with access.
 */
export function HomeRoute() {
  const user = useSessionUser();
  if (!user || accessOf(user) !== 'allowed') {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <LandingPage
          headerActions={
            user ? (
              <Button asChild size="sm">
                <Link to="/payment-required">Back to my subscription</Link>
              </Button>
            ) : undefined
          }
        />
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
