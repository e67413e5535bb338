import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { childPath, pages } from '@/contracts/pages';
import { Toaster } from '@/web/components/ui/toaster';
import { AdminPage } from '@/web/features/admin/pages/admin-page';
import { PasswordResetPage } from '@/web/features/auth/pages/password-reset-page';
import { SignInPage } from '@/web/features/auth/pages/sign-in-page';
import { SignUpPage } from '@/web/features/auth/pages/sign-up-page';
import { TestAuthPage } from '@/web/features/auth/pages/test-auth-page';
import { ContactsPage } from '@/web/features/contacts/pages/contacts-page';
import { AiInsightsPage } from '@/web/features/insights/pages/ai-insights-page';
import { PortfolioPage } from '@/web/features/projects/pages/portfolio-page';
import { ProjectDetailPage } from '@/web/features/projects/pages/project-detail-page';
import { TaskDetailPage } from '@/web/features/projects/pages/task-detail-page';
import { SchedulePage } from '@/web/features/schedule/pages/schedule-page';
import { AboutPage } from '@/web/features/support/pages/about-page';
import { PublicOnly, RequireAdmin, RequireSignedIn, SessionGate } from './guards';
import { AppLayout } from './layouts/app-layout';
import { PublicLayout } from './layouts/public-layout';
import { SetupLayout } from './layouts/setup-layout';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';
import {
  AccountSettingsRoute,
  ContactSupportRoute,
  HomeRoute,
  OnboardingRoute,
  PaymentRequiredRoute,
  ProfileRoute,
  SubscriptionSetupRoute,
} from './routes';

function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster />
      <ScrollRestoration />
    </>
  );
}

/** Every screen of the app. <SessionGate> loads the session and applies the subscription gate. */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        {
          element: <SessionGate />,
          children: [
            { index: true, element: <HomeRoute /> },
            {
              element: <PublicOnly />,
              children: [
                { path: childPath(pages.signIn), element: <SignInPage /> },
                { path: childPath(pages.signUp), element: <SignUpPage /> },
              ],
            },
            { path: childPath(pages.passwordReset), element: <PasswordResetPage /> },
            {
              element: <PublicLayout />,
              children: [
                { path: childPath(pages.about), element: <AboutPage /> },
                { path: childPath(pages.contactSupport), element: <ContactSupportRoute /> },
                { path: childPath(pages.testAuth), element: <TestAuthPage /> },
              ],
            },
            {
              element: <RequireSignedIn />,
              children: [
                {
                  element: <SetupLayout />,
                  children: [
                    { path: childPath(pages.subscriptionSetup), element: <SubscriptionSetupRoute /> },
                    { path: childPath(pages.onboarding), element: <OnboardingRoute /> },
                    { path: childPath(pages.paymentRequired), element: <PaymentRequiredRoute /> },
                  ],
                },
                {
                  element: <AppLayout />,
                  children: [
                    { path: childPath(pages.projects), element: <PortfolioPage /> },
                    { path: childPath(pages.project), element: <ProjectDetailPage /> },
                    { path: childPath(pages.task), element: <TaskDetailPage /> },
                    { path: childPath(pages.contacts), element: <ContactsPage /> },
                    { path: childPath(pages.schedule), element: <SchedulePage /> },
                    { path: childPath(pages.aiInsights), element: <AiInsightsPage /> },
                    { path: childPath(pages.profile), element: <ProfileRoute /> },
                    { path: childPath(pages.accountSettings), element: <AccountSettingsRoute /> },
                    {
                      element: <RequireAdmin />,
                      children: [{ path: childPath(pages.admin), element: <AdminPage /> }],
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
  ]);
}
