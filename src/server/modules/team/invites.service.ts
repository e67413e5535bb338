import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { INVITE_EMAIL_PARAM, INVITE_PARAM } from '../../../contracts/pages.js';
import type { CreateInviteBody, InviteDto } from '../../../contracts/team.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { enterTenant, enterTokenLookup } from '../../db/tenant-scope.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import type { CompanyRow, Tenant, UserRow } from '../../plugins/auth-context.js';
import { usersService } from '../auth/users.service.js';
import { companiesService } from '../companies/companies.service.js';
import { type InviteRow, teamRepo } from './team.repo.js';
import { inviteMail } from './team-mail.js';
import { requireOwner } from './team-rules.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function toInviteDto(row: InviteRow): InviteDto {
  return {
    id: row.id,
    email: row.email,
    // Invitations are only ever created with a team role; the column shares the users' role type.
    role: row.role === 'admin' ? 'admin' : 'member',
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

const invalid = () => badRequest('This invitation link is invalid.', undefined, 'invite_invalid');

/**
 * Invitations to a company: the owner sends one to an address; the link joins whoever signs up or
 * signs in with that address, once, before it expires.
 */
export function invitesService(ctx: AppContext) {
  const { db } = ctx;
  const companies = companiesService(ctx);

  /**
   * Joins `user` to the company of the invitation `token` names, within the caller's transaction
   * (sign-up creates the account in the same one). Refuses a link that is unknown, withdrawn, used
   * or expired, one sent to another address, and a user who already belongs to a company.
   */
  async function accept(tx: Db, user: Pick<UserRow, 'id' | 'email'>, token: string): Promise<UserRow> {
    // The token names the company: read it by the token, then work in that company's rows.
    const tokenHash = sha256(token.trim());
    await enterTokenLookup(tx, tokenHash);
    const companyId = await teamRepo.companyIdByTokenHash(tx, tokenHash);
    if (companyId === undefined) throw invalid();
    await enterTenant(tx, companyId);
    const invite = await teamRepo.lockByTokenHash(tx, companyId, tokenHash);
    if (!invite || invite.revokedAt) throw invalid();
    if (invite.acceptedAt) {
      throw badRequest('This invitation has already been used.', undefined, 'invite_used');
    }
    if (invite.expiresAt <= ctx.now()) {
      throw badRequest('This invitation has expired. Ask for a new one.', undefined, 'invite_expired');
    }
    if (invite.email.toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError(
        403,
        'invite_wrong_email',
        'This invitation was sent to a different email address. Sign in with the invited address.',
      );
    }
    const current = await usersService.companyIdForUpdate(tx, user.id);
    if (current === invite.companyId) {
      throw conflict('already_member', 'You are already a member of this company');
    }
    if (current !== null) throw conflict('already_in_company', 'You already belong to a company');
    await teamRepo.markAccepted(tx, invite.companyId, invite.id, user.id, ctx.now());
    const role = invite.role === 'admin' ? 'admin' : 'member';
    const joined = await usersService.joinCompany(tx, user.id, invite.companyId, role);
    if (!joined) throw invalid();
    return joined;
  }

  return {
    accept,

    /** A signed-in user follows an invitation link: they join, and get their user with its company. */
    acceptSignedIn(user: Pick<UserRow, 'id' | 'email'>, token: string) {
      return db.transaction(async (tx) => {
        const joined = await accept(tx, user, token);
        const found = await usersService.withCompany(tx, joined.id);
        return { user: joined, company: found?.company ?? null };
      });
    },

    /**
     * Creates an invitation (replacing any open one to the same address) and mails its link. The
     * token exists only in the mail: the database keeps its hash.
     */
    async create(
      tenant: Tenant,
      inviter: UserRow,
      company: CompanyRow,
      input: CreateInviteBody,
      log: Pick<FastifyBaseLogger, 'error'>,
    ) {
      requireOwner(tenant);
      const members = await companies.members(tenant);
      if (members.some((m) => m.email.toLowerCase() === input.email.toLowerCase())) {
        throw conflict('already_member', 'This person is already a member of your company');
      }
      const token = randomBytes(32).toString('base64url');
      const now = ctx.now();
      const row = await db.transaction(async (tx) => {
        await teamRepo.revokeOpenFor(tx, tenant.companyId, input.email, now);
        return teamRepo.insert(tx, tenant.companyId, {
          email: input.email,
          role: input.role,
          tokenHash: sha256(token),
          invitedBy: inviter.id,
          expiresAt: new Date(now.getTime() + ctx.config.inviteTtlMs),
        });
      });
      // The link opens sign-up; the page offers sign-in too for someone who has an account already.
      // It names the invited address too, which the forms fill in.
      const link = `${ctx.config.publicUrl}/signup?${new URLSearchParams({
        [INVITE_PARAM]: token,
        [INVITE_EMAIL_PARAM]: input.email,
      })}`;
      await ctx.mailer
        .send(
          inviteMail({ to: input.email, inviter, companyName: company.name, link, expiresAt: row.expiresAt }),
        )
        .catch((err: unknown) => log.error({ err, inviteId: row.id }, 'could not mail the invitation'));
      return row;
    },

    async revoke(tenant: Tenant, id: number) {
      requireOwner(tenant);
      if (!(await teamRepo.revoke(db, tenant.companyId, id, ctx.now()))) throw notFound('invite');
    },

    openInvites: (tenant: Tenant) => teamRepo.openInvites(db, tenant.companyId, ctx.now()),
  };
}
