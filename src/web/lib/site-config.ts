/**
 * Who runs the product and how to reach support (the /about screen). Set at build time through
 * VITE_FOUNDER_NAME, VITE_SUPPORT_EMAIL, VITE_SUPPORT_PHONE and VITE_SUPPORT_HOURS; these defaults apply otherwise.
 */
function setting(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() ? value.trim() : fallback;
}

export const siteConfig = {
  founderName: setting(import.meta.env.VITE_FOUNDER_NAME, 'the Babe founding team'),
  supportEmail: setting(import.meta.env.VITE_SUPPORT_EMAIL, 'support@babe-construction.com'),
  supportPhone: setting(import.meta.env.VITE_SUPPORT_PHONE, '(555) 010-2025'),
  supportHours: setting(import.meta.env.VITE_SUPPORT_HOURS, 'Monday to Friday, 9 AM to 5 PM CST'),
  responseTime: 'We typically reply within 24 hours.',
} as const;
