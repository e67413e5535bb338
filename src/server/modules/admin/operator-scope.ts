import type { Config } from '../../config.js';
import type { Tenant, UserRow } from '../../plugins/auth-context.js';

/**
 * Which companies an administrator's reads cover: the product's operators (ADMIN_EMAILS) read across
 * every company, including what was sent by people without one; a company's owner or admin reads
 * their own company only. Every cross-company read in the admin console takes its scope from here.
 */
export type AdminScope = { companyId: number } | 'all';

export function isOperator(config: Config, user: Pick<UserRow, 'email'>): boolean {
  return config.adminEmails.includes(user.email.toLowerCase());
}

export function adminScopeFor(config: Config, user: Pick<UserRow, 'email'>, tenant: Tenant): AdminScope {
  return isOperator(config, user) ? 'all' : { companyId: tenant.companyId };
}
