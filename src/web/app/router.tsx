import { lazy, Suspense } from 'react';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  Outlet,
  type RouteObject,
  ScrollRestoration,
} from 'react-router';
import { childPath, pages } from '@/contracts/pages';
import { FullPageSpinner } from '@/web/components/ui/spinner';
import { prefetchSchedule } from '@/web/features/schedule/api/prefetch-schedule';
import { PublicOnly, RequireAdmin, RequireSignedIn, SessionGate } from './guards';
import { PublicLayout } from './layouts/public-layout';
import { SetupLayout } from './layouts/setup-layout';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';
import { HomeRoute } from './routes/home-route';
import { lazyScreen, screens } from './screens';

// Notices are drawn by a component loaded beside the first screen; a notice raised before it
// arrives waits in the notices' store and shows once it does.
const Toaster = lazy(async () => ({ default: (await import('@/web/components/ui/toaster')).Toaster }));

function RootLayout() {
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

/**
 * Every screen of the app. <SessionGate> loads the session and applies the subscription gate.
 * Routes may start their requests as they are entered (see `early-requests`). The build draws the
 * landing page from these same routes (`prerender.tsx`), so the page it writes is the one the
 * browser then takes over.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      // The client signing a change order has no staff session: their page asks for none.
      { path: childPath(pages.signChangeOrder), ...lazyScreen(screens.changeOrders) },
      {
        element: <SessionGate />,
        children: [
          { index: true, element: <HomeRoute /> },
          {
            element: <PublicOnly />,
            children: [
              { path: childPath(pages.signIn), ...lazyScreen(screens.signIn) },
              { path: childPath(pages.signUp), ...lazyScreen(screens.signUp) },
              { path: childPath(pages.twoFactorSignIn), ...lazyScreen(screens.twoFactorSignIn) },
            ],
          },
          { path: childPath(pages.passwordReset), ...lazyScreen(screens.passwordReset) },
          {
            element: <PublicLayout />,
            children: [
              { path: childPath(pages.about), ...lazyScreen(screens.about) },
              { path: childPath(pages.contactSupport), ...lazyScreen(screens.contactSupport) },
              { path: childPath(pages.testAuth), ...lazyScreen(screens.testAuth) },
            ],
          },
          {
            element: <RequireSignedIn />,
            children: [
              {
                element: <SetupLayout />,
                children: [
                  { path: childPath(pages.subscriptionSetup), ...lazyScreen(screens.subscriptionSetup) },
                  { path: childPath(pages.onboarding), ...lazyScreen(screens.onboarding) },
                  { path: childPath(pages.paymentRequired), ...lazyScreen(screens.paymentRequired) },
                  { path: childPath(pages.twoFactorSetup), ...lazyScreen(screens.twoFactorSetup) },
                ],
              },
              {
                ...lazyScreen(screens.signedInFrame),
                children: [
                  { path: childPath(pages.projects), ...lazyScreen(screens.projects) },
                  { path: childPath(pages.project), ...lazyScreen(screens.project) },
                  { path: childPath(pages.task), ...lazyScreen(screens.task) },
                  { path: childPath(pages.projectLookahead), ...lazyScreen(screens.projectLookahead) },
                  { path: childPath(pages.projectDelays), ...lazyScreen(screens.projectDelays) },
                  { path: childPath(pages.projectBudget), ...lazyScreen(screens.projectBudget) },
                  { path: childPath(pages.projectInvoices), ...lazyScreen(screens.accounting) },
                  { path: childPath(pages.accountingSettings), ...lazyScreen(screens.accounting) },
                  { path: childPath(pages.changeOrders), ...lazyScreen(screens.changeOrders) },
                  { path: childPath(pages.estimateReview), ...lazyScreen(screens.estimateReview) },
                  { path: childPath(pages.lookahead), ...lazyScreen(screens.lookahead) },
                  { path: childPath(pages.contacts), ...lazyScreen(screens.contacts) },
                  {
                    path: childPath(pages.schedule),
                    // The period's tasks are asked for as the route is entered, beside its code.
                    // Later changes of view or period are the screen's own to load.
                    shouldRevalidate: () => false,
                    // (The prefetch is in the first bundle already: the app starts it for a first load.)
                    loader: ({ request }: LoaderFunctionArgs) => {
                      prefetchSchedule(new URL(request.url).searchParams);
                      return null;
                    },
                    lazy: { Component: screens.schedule },
                  },
                  { path: childPath(pages.aiInsights), ...lazyScreen(screens.aiInsights) },
                  { path: childPath(pages.profile), ...lazyScreen(screens.profile) },
                  { path: childPath(pages.accountSettings), ...lazyScreen(screens.accountSettings) },
                  {
                    element: <RequireAdmin />,
                    children: [{ path: childPath(pages.admin), ...lazyScreen(screens.admin) }],
                  },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(appRoutes);
}
