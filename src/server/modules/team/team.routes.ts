import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userDto } from '../../../contracts/auth.js';
import { errorResponses, idParams, okDto } from '../../../contracts/common.js';
import {
  acceptInviteBody,
  changeRoleBody,
  createInviteBody,
  inviteDto,
  memberParams,
  teamDto,
  teamMemberDto,
  teamPaths,
} from '../../../contracts/team.js';
import type { AppContext } from '../../context.js';
import { unauthorized } from '../../errors.js';
import { currentUser } from '../../plugins/auth-context.js';
import { toUserDto } from '../auth/user.dto.js';
import { invitesService, toInviteDto } from './invites.service.js';
import { teamService } from './team.service.js';

export async function teamRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const team = teamService(ctx);
  const invites = invitesService(ctx);
  const tags = ['team'];

  r.get(
    teamPaths.team,
    {
      schema: {
        tags,
        summary: 'The company’s members and open invitations (owners and admins)',
        response: { 200: teamDto, ...errorResponses },
      },
      config: { access: 'admin' },
    },
    async (request) => team.team(request.tenant),
  );

  r.post(
    teamPaths.invites,
    {
      schema: {
        tags,
        summary: 'Invite someone by email: mails a single-use, expiring link (owner only)',
        body: createInviteBody,
        response: { 201: inviteDto, ...errorResponses },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const company = request.auth?.company;
      if (!company) throw unauthorized();
      const row = await invites.create(
        request.tenant,
        currentUser(request),
        company,
        request.body,
        request.log,
      );
      return reply.code(201).send(toInviteDto(row));
    },
  );

  r.delete(
    teamPaths.invite,
    {
      schema: {
        tags,
        summary: 'Withdraw an open invitation (owner only)',
        params: idParams,
        response: { 200: okDto, ...errorResponses },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      await invites.revoke(request.tenant, request.params.id);
      return { ok: true as const };
    },
  );

  r.post(
    teamPaths.acceptInvite,
    {
      schema: {
        tags,
        summary: 'Join the company of an invitation sent to the signed-in user’s address',
        body: acceptInviteBody,
        response: { 200: userDto, ...errorResponses },
      },
      config: { access: 'user' },
    },
    async (request) => {
      const { user, company } = await invites.acceptSignedIn(currentUser(request), request.body.token);
      return toUserDto(ctx.config, user, company);
    },
  );

  r.patch(
    teamPaths.member,
    {
      schema: {
        tags,
        summary: 'Change a member’s role to member or admin (owner only)',
        params: memberParams,
        body: changeRoleBody,
        response: { 200: teamMemberDto, ...errorResponses },
      },
      config: { access: 'admin' },
    },
    async (request) => team.changeRole(request.tenant, request.params.userId, request.body),
  );

  r.delete(
    teamPaths.member,
    {
      schema: {
        tags,
        summary: 'Remove a member from the company and end their sessions (owner only)',
        params: memberParams,
        response: { 200: okDto, ...errorResponses },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      await team.remove(request.tenant, request.params.userId);
      return { ok: true as const };
    },
  );
}
