import { createHash, randomBytes } from 'node:crypto';
import {
  type CalendarFeedDto,
  type CreateCalendarFeedBody,
  calendarFeedPath,
  type IssuedCalendarFeedDto,
  type ListCalendarFeedsQuery,
} from '../../../contracts/calendar-feeds.js';
import { accessFor } from '../../../domain/subscription/gate.js';
import type { AppContext } from '../../context.js';
import { withTenant, withTokenLookup } from '../../db/tenant-scope.js';
import { notFound, paymentRequired } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { usersService } from '../auth/users.service.js';
import { requireProject } from '../projects/project-scope.js';
import { toTaskListItemDto } from '../tasks/task-list-item.js';
import { tasksService } from '../tasks/tasks.service.js';
import { calendarFeedsRepo, type ListedFeedRow } from './calendar-feeds.repo.js';
import { taskEvent } from './feed-events.js';
import { serializeCalendar } from './ics.js';

/** 256 random bits, URL-safe: the only key to a feed. */
const newToken = () => randomBytes(32).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** How often a subscribed calendar is asked to look again. */
const REFRESH_HOURS = 1;

function toCalendarFeedDto(row: ListedFeedRow): CalendarFeedDto {
  return {
    id: row.id,
    projectId: row.projectId,
    projectName: row.projectName,
    createdAt: row.createdAt.toISOString(),
  };
}

export function calendarFeedsService(ctx: AppContext) {
  const { db } = ctx;
  const tasks = tasksService(ctx);

  /** The feed behind a token of the company, in the company's scope. */
  async function feedOf(companyId: number, tokenHash: string): Promise<string> {
    const found = await calendarFeedsRepo.findByTokenHash(db, companyId, tokenHash);
    if (!found) throw notFound('calendar feed');
    const { feed, company } = found;
    if (accessFor(company, ctx.now()) !== 'allowed') throw paymentRequired();
    const tenant: Tenant = { companyId: feed.companyId, userId: feed.userId, role: found.role };
    const rows = await tasks.list(tenant, { projectId: feed.projectId ?? undefined });
    const base = ctx.config.publicUrl;
    return serializeCalendar({
      prodId: '-//Babe//Construction Manager//EN',
      name: found.projectName ? `${found.projectName} (${company.name})` : `${company.name} schedule`,
      stamp: ctx.now(),
      refreshHours: REFRESH_HOURS,
      events: rows.map((row) => taskEvent(toTaskListItemDto(row), base)),
    });
  }

  return {
    /** The caller's personal feed and the company's project feeds in use, or one project's. */
    async list(tenant: Tenant, query: ListCalendarFeedsQuery): Promise<CalendarFeedDto[]> {
      if (query.projectId !== undefined) await requireProject(db, tenant.companyId, query.projectId);
      const rows = await calendarFeedsRepo.listActive(db, tenant.companyId, tenant.userId, query.projectId);
      return rows.map(toCalendarFeedDto);
    },

    /**
     * Turns a feed on, or gives it a new address: the scope's address in use before (the caller's
     * personal feed, or the project's shared feed) stops working in the same transaction. The
     * scope's row is locked first (the user's or the project's), so two clicks issue one after the
     * other and only the last address works.
     */
    async issue(tenant: Tenant, body: CreateCalendarFeedBody): Promise<IssuedCalendarFeedDto> {
      const projectId = body.projectId ?? null;
      const token = newToken();
      const now = ctx.now();
      const row = await db.transaction(async (tx) => {
        if (projectId === null) await usersService.companyIdForUpdate(tx, tenant.userId);
        else await requireProject(tx, tenant.companyId, projectId, 'update');
        await calendarFeedsRepo.revokeScope(tx, tenant.companyId, { userId: tenant.userId, projectId }, now);
        const { id } = await calendarFeedsRepo.insert(tx, tenant.companyId, {
          userId: tenant.userId,
          projectId,
          tokenHash: hashToken(token),
          createdAt: now,
        });
        const listed = await calendarFeedsRepo.findListed(tx, tenant.companyId, id);
        if (!listed) throw new Error('the new feed was not found');
        return listed;
      });
      const path = calendarFeedPath(token);
      return {
        ...toCalendarFeedDto(row),
        path,
        url: `${ctx.config.publicUrl}${path}`,
      };
    },

    /** Turns a feed off: the caller's personal feed, or a project's. 404 for any other. */
    async revoke(tenant: Tenant, id: number): Promise<void> {
      const revoked = await calendarFeedsRepo.revoke(db, tenant.companyId, id, tenant.userId, ctx.now());
      if (!revoked) throw notFound('calendar feed');
    },

    /**
     * The feed behind a token as iCalendar text: the company's tasks, or the project's, as all-day
     * events. An unknown or revoked token, or a feed whose user has left the company, is a 404; a
     * company whose subscription has lapsed answers 402 like its other routes.
     */
    async feed(token: string): Promise<string> {
      // The token names the company: read it by the token, then serve the feed in that company's scope.
      const tokenHash = hashToken(token);
      const companyId = await withTokenLookup(tokenHash, () =>
        calendarFeedsRepo.companyIdByTokenHash(db, tokenHash),
      );
      if (companyId === undefined) throw notFound('calendar feed');
      return withTenant(companyId, () => feedOf(companyId, tokenHash));
    },
  };
}
