import { forbidden } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';

/** Only the company's owner manages its team: invitations, roles and removals. */
export function requireOwner(tenant: Tenant): void {
  if (tenant.role !== 'owner') {
    throw forbidden('Only the company owner can manage the team', 'owner_only');
  }
}
