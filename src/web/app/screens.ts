import type { ComponentType } from 'react';

/**
 * The app's screens (and the signed-in frame around them), each downloaded when it is first opened,
 * so a visitor of one page does not fetch every other screen. Each loader resolves to a component.
 */
export const screens = {
  signedInFrame: async () => (await import('./layouts/signed-in-frame')).SignedInFrame,
  landing: async () => (await import('@/web/features/landing/pages/landing-page')).LandingPage,
  signIn: async () => (await import('@/web/features/auth/pages/sign-in-page')).SignInPage,
  signUp: async () => (await import('@/web/features/auth/pages/sign-up-page')).SignUpPage,
  twoFactorSignIn: async () =>
    (await import('@/web/features/auth/pages/two-factor-sign-in-page')).TwoFactorSignInPage,
  twoFactorSetup: async () => (await import('./routes/account-routes')).TwoFactorSetupRoute,
  passwordReset: async () =>
    (await import('@/web/features/auth/pages/password-reset-page')).PasswordResetPage,
  testAuth: async () => (await import('@/web/features/auth/pages/test-auth-page')).TestAuthPage,
  about: async () => (await import('@/web/features/support/pages/about-page')).AboutPage,
  contactSupport: async () => (await import('./routes/contact-support-route')).ContactSupportRoute,
  subscriptionSetup: async () => (await import('./routes/subscription-setup-route')).SubscriptionSetupRoute,
  onboarding: async () => (await import('./routes/onboarding-route')).OnboardingRoute,
  paymentRequired: async () => (await import('./routes/payment-required-route')).PaymentRequiredRoute,
  projects: async () => (await import('@/web/features/projects/pages/portfolio-page')).PortfolioPage,
  project: async () => (await import('@/web/features/projects/pages/project-detail-page')).ProjectDetailPage,
  task: async () => (await import('@/web/features/projects/pages/task-detail-page')).TaskDetailPage,
  contacts: async () => (await import('@/web/features/contacts/pages/contacts-page')).ContactsPage,
  schedule: async () => (await import('@/web/features/schedule/pages/schedule-page')).SchedulePage,
  projectLookahead: async () =>
    (await import('@/web/features/lookahead/pages/project-lookahead-page')).ProjectLookaheadPage,
  projectDelays: async () =>
    (await import('@/web/features/delays/pages/project-delays-page')).ProjectDelaysPage,
  projectBudget: async () =>
    (await import('@/web/features/budget/pages/project-budget-page')).ProjectBudgetPage,
  accounting: async () => (await import('./routes/accounting-routes')).AccountingRoute,
  /** A project's change orders, one of them, and the client's signing page (which has a token). */
  changeOrders: async () => (await import('./routes/change-order-routes')).ChangeOrdersRoute,
  estimateReview: async () =>
    (await import('@/web/features/estimate-review/pages/estimate-review-page')).EstimateReviewPage,
  lookahead: async () =>
    (await import('@/web/features/lookahead/pages/company-lookahead-page')).CompanyLookaheadPage,
  aiInsights: async () => (await import('@/web/features/insights/pages/ai-insights-page')).AiInsightsPage,
  profile: async () => (await import('./routes/account-routes')).ProfileRoute,
  accountSettings: async () => (await import('./routes/account-routes')).AccountSettingsRoute,
  admin: async () => (await import('@/web/features/admin/pages/admin-page')).AdminPage,
} satisfies Record<string, () => Promise<ComponentType>>;

/** A route's lazily loaded screen: while it downloads, the screen before it stays up. */
export const lazyScreen = (load: () => Promise<ComponentType>) => ({ lazy: { Component: load } });
