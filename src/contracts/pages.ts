/**
 * The web app's pages. The client router draws them; the server answers each with the app shell, so
 * a page path is a route like any other and every other path is a real 404.
 */
export const pages = {
  home: '/',
  signIn: '/signin',
  signUp: '/signup',
  /** The second step of signing in (an authenticator or recovery code). */
  twoFactorSignIn: '/signin/two-factor',
  /** Where a user whose company requires two-step sign-in sets it up before anything else. */
  twoFactorSetup: '/two-factor-setup',
  passwordReset: '/password-reset',
  about: '/about',
  contactSupport: '/contact-support',
  testAuth: '/test-auth',
  subscriptionSetup: '/subscription-setup',
  onboarding: '/onboarding',
  paymentRequired: '/payment-required',
  projects: '/projects',
  project: '/projects/:projectId',
  task: '/projects/:projectId/tasks/:taskId',
  projectLookahead: '/projects/:projectId/lookahead',
  projectDelays: '/projects/:projectId/delays',
  projectBudget: '/projects/:projectId/budget',
  /** A project's invoices to its client. */
  projectInvoices: '/projects/:projectId/invoices',
  /** The company's accounting mapping and export (owner or admin). */
  accountingSettings: '/settings/accounting',
  /** A project's change orders, or one of them (by its id). */
  changeOrders: '/projects/:projectId/change-orders/:changeOrderId?',
  /** The client's page for signing a change order, opened from the e-mailed link (no staff session). */
  signChangeOrder: '/sign/:token',
  /** How an estimate of the project was read, to correct before it is planned. */
  estimateReview: '/projects/:projectId/plans/:generationId/review',
  contacts: '/contacts',
  schedule: '/schedule',
  lookahead: '/schedule/lookahead',
  aiInsights: '/ai-insights',
  profile: '/profile',
  accountSettings: '/account-settings',
  admin: '/admin',
} as const;

/** A page's path as a nested client route writes it (without the leading slash). */
export function childPath(path: (typeof pages)[keyof typeof pages]): string {
  return path.slice(1);
}

/** The query parameter carrying an invitation token from the invite link through sign-up or sign-in. */
export const INVITE_PARAM = 'invite';
/** The invited address, carried beside the token in the invite link so the forms can prefill it. */
export const INVITE_EMAIL_PARAM = 'email';
