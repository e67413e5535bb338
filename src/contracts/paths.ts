/** API paths shared by the server routes and the web client. */
export const api = {
  health: '/api/health',
  authUser: '/api/auth/user',
  authSignin: '/api/auth/signin',
  authSignup: '/api/auth/signup',
  authLogout: '/api/auth/logout',
  authProfile: '/api/auth/profile',
  authConfig: '/api/auth/config',
  passwordResetRequest: '/api/auth/password-reset/request',
  passwordResetConfirm: '/api/auth/password-reset/confirm',
  googleStart: '/api/auth/google',
  googleCallback: '/api/auth/google/callback',
  login: '/api/login',
  testSession: '/api/test-session',
  companies: '/api/companies',
} as const;
