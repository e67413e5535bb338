import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
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

/** Every screen of spec §2. <SessionGate> loads the session and applies the subscription gate. */
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
                { path: 'signin', element: <SignInPage /> },
                { path: 'signup', element: <SignUpPage /> },
              ],
            },
            { path: 'password-reset', element: <PasswordResetPage /> },
            {
              element: <PublicLayout />,
              children: [
                { path: 'about', element: <AboutPage /> },
                { path: 'contact-support', element: <ContactSupportRoute /> },
                { path: 'test-auth', element: <TestAuthPage /> },
              ],
            },
            {
              element: <RequireSignedIn />,
              children: [
                {
                  element: <SetupLayout />,
                  children: [
                    { path: 'subscription-setup', element: <SubscriptionSetupRoute /> },
                    { path: 'onboarding', element: <OnboardingRoute /> },
                    { path: 'payment-required', element: <PaymentRequiredRoute /> },
                  ],
                },
                {
                  element: <AppLayout />,
                  children: [
                    { path: 'projects', element: <PortfolioPage /> },
                    { path: 'projects/:projectId', element: <ProjectDetailPage /> },
                    { path: 'projects/:projectId/tasks/:taskId', element: <TaskDetailPage /> },
                    { path: 'contacts', element: <ContactsPage /> },
                    { path: 'schedule', element: <SchedulePage /> },
                    { path: 'ai-insights', element: <AiInsightsPage /> },
                    { path: 'profile', element: <ProfileRoute /> },
                    { path: 'account-settings', element: <AccountSettingsRoute /> },
                    { element: <RequireAdmin />, children: [{ path: 'admin', element: <AdminPage /> }] },
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
