import type { ChangeRoleBody, TeamDto, TeamMemberDto } from '../../../contracts/team.js';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { destroyUserSessions } from '../../plugins/sessions.js';
import { usersService } from '../auth/users.service.js';
import { companiesService, findCompanyMember } from '../companies/companies.service.js';
import { invitesService, toInviteDto } from './invites.service.js';
import { requireOwner } from './team-rules.js';

/** The company's team: who is in it, with which role, and who is invited. */
export function teamService(ctx: AppContext) {
  const { db } = ctx;
  const companies = companiesService(ctx);
  const invites = invitesService(ctx);

  /** A member of the caller's company other than its owner (whose role and membership stay). */
  async function changeableMember(tx: typeof db, tenant: Tenant, userId: string) {
    const member = await findCompanyMember(tx, tenant.companyId, userId);
    if (!member) throw notFound('member');
    if (member.role === 'owner') {
      throw badRequest('The company owner’s role cannot be changed', undefined, 'owner_unchangeable');
    }
    return member;
  }

  return {
    async team(tenant: Tenant): Promise<TeamDto> {
      const [members, open] = await Promise.all([companies.members(tenant), invites.openInvites(tenant)]);
      return { members, invites: open.map(toInviteDto), canManage: tenant.role === 'owner' };
    },

    async changeRole(tenant: Tenant, userId: string, input: ChangeRoleBody): Promise<TeamMemberDto> {
      requireOwner(tenant);
      return db.transaction(async (tx) => {
        const member = await changeableMember(tx, tenant, userId);
        await usersService.changeRole(tx, userId, input.role);
        return { ...member, role: input.role };
      });
    },

    /** Takes a member out of the company and ends their sessions: they are signed out everywhere. */
    async remove(tenant: Tenant, userId: string) {
      requireOwner(tenant);
      await db.transaction(async (tx) => {
        await changeableMember(tx, tenant, userId);
        await usersService.leaveCompany(tx, userId);
        await destroyUserSessions(tx, userId);
      });
    },
  };
}
