import type { FastifyBaseLogger } from 'fastify';
import type { FeedbackDto, SubmitFeedbackBody, UpdateFeedbackBody } from '../../../contracts/feedback.js';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../errors.js';
import type { Tenant, UserRow } from '../../plugins/auth-context.js';
import { adminScopeFor } from '../admin/operator-scope.js';
import { type FeedbackRow, feedbackRepo } from './feedback.repo.js';
import { feedbackReplyMail } from './feedback-mail.js';

export function toFeedbackDto(row: FeedbackRow): FeedbackDto {
  return {
    id: row.id,
    companyId: row.companyId,
    userId: row.userId,
    userName: row.userName,
    userEmail: row.userEmail,
    category: row.category,
    subject: row.subject,
    message: row.message,
    status: row.status,
    priority: row.priority,
    adminResponse: row.adminResponse,
    adminUserId: row.adminUserId,
    respondedAt: row.respondedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const EMAIL_MESSAGE = 'Please enter a valid email address';

export function feedbackService(ctx: AppContext) {
  const { db } = ctx;

  /** Operators (ADMIN_EMAILS) see everyone's feedback; owners and admins their company's. */
  const scopeFor = (user: UserRow, tenant: Tenant) => adminScopeFor(ctx.config, user, tenant);

  return {
    /**
     * Stores feedback with status open and priority medium. Signed in, the company, user, name and
     * email come from the session; signed out, name and email come from the form (email required).
     */
    submit(user: UserRow | null, input: SubmitFeedbackBody) {
      const { category, subject, message } = input;
      if (user) {
        const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
        return feedbackRepo.insert(db, {
          companyId: user.companyId,
          userId: user.id,
          userName: name || input.name || null,
          userEmail: user.email,
          category,
          subject,
          message,
        });
      }
      if (!input.email) throw badRequest(EMAIL_MESSAGE, { email: EMAIL_MESSAGE });
      return feedbackRepo.insert(db, {
        companyId: null,
        userId: null,
        userName: input.name ?? null,
        userEmail: input.email,
        category,
        subject,
        message,
      });
    },

    list: (user: UserRow, tenant: Tenant) => feedbackRepo.list(db, scopeFor(user, tenant)),

    /**
     * Sets the status and/or answers; an answer records who gave it and when, and is mailed to the
     * sender. The answer is kept even when the mail cannot go out (the failure is logged).
     */
    async update(
      user: UserRow,
      tenant: Tenant,
      id: number,
      input: UpdateFeedbackBody,
      log: Pick<FastifyBaseLogger, 'error'>,
    ) {
      const row = await feedbackRepo.update(db, scopeFor(user, tenant), id, {
        ...(input.status ? { status: input.status } : {}),
        ...(input.adminResponse
          ? { adminResponse: input.adminResponse, adminUserId: user.id, respondedAt: ctx.now() }
          : {}),
      });
      if (!row) throw notFound('feedback');
      if (input.adminResponse) {
        await ctx.mailer
          .send(feedbackReplyMail(row, input.adminResponse, ctx.config.publicUrl))
          .catch((err: unknown) =>
            log.error({ err, feedbackId: row.id }, 'could not mail the feedback reply'),
          );
      }
      return row;
    },
  };
}
