import { z } from 'zod';
import { USER_ROLES } from './enums.js';

export const teamPaths = {
  team: '/api/team',
  invites: '/api/team/invites',
  invite: '/api/team/invites/:id',
  acceptInvite: '/api/team/invites/accept',
  member: '/api/team/members/:userId',
} as const;

/** The roles an owner can give: the company has one owner, who cannot be invited or demoted. */
export const TEAM_ROLES = ['member', 'admin'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** How long an invitation link stays usable unless INVITE_TTL_HOURS says otherwise. */
export const DEFAULT_INVITE_TTL_HOURS = 7 * 24;

const role = z.enum(TEAM_ROLES, { message: 'Role must be member or admin' });

export const createInviteBody = z.object({
  email: z.email({ message: 'Please enter a valid email address' }).trim().max(254),
  role: role.default('member'),
});
export type CreateInviteBody = z.infer<typeof createInviteBody>;
export type CreateInviteInput = z.input<typeof createInviteBody>;

/** An invitation token as it travels in a link and back in a body. */
export const inviteToken = z
  .string({ message: 'The invitation link is invalid' })
  .trim()
  .min(20, { message: 'The invitation link is invalid' })
  .max(200, { message: 'The invitation link is invalid' });

export const acceptInviteBody = z.object({ token: inviteToken });
export type AcceptInviteBody = z.infer<typeof acceptInviteBody>;

export const changeRoleBody = z.object({ role });
export type ChangeRoleBody = z.infer<typeof changeRoleBody>;

export const memberParams = z.object({ userId: z.string().min(1).max(100) });

export const teamMemberDto = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(USER_ROLES),
  })
  .meta({ id: 'TeamMember' });
export type TeamMemberDto = z.infer<typeof teamMemberDto>;

export const inviteDto = z
  .object({
    id: z.number().int(),
    email: z.string(),
    role: z.enum(TEAM_ROLES),
    expiresAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Invite' });
export type InviteDto = z.infer<typeof inviteDto>;

/** The company's members and its open invitations (not used, withdrawn or expired). */
export const teamDto = z.object({
  members: z.array(teamMemberDto),
  invites: z.array(inviteDto),
  /** Whether the caller may invite, change roles and remove members (the owner only). */
  canManage: z.boolean(),
});
export type TeamDto = z.infer<typeof teamDto>;
