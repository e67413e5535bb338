/**
 * Change orders: members draft them (priced lines on cost codes, a markup, the task changes); the
 * owner or an admin voids them. Every transition is written to the audit trail with who, when and
 * from where. This module owns `change_orders`, `change_order_lines`, `change_order_events` and
 * `change_order_signing`; cost codes come from the budget module, tasks from the tasks module.
 */
import type {
  ChangeOrderDto,
  ChangeOrderEventDto,
  ChangeOrderListDto,
  ChangeOrderSummaryDto,
  CreateChangeOrderBody,
  TaskChanges,
  UpdateChangeOrderBody,
  VoidChangeOrderBody,
} from '../../../contracts/change-orders.js';
import { changeOrderTotals, nextChangeOrderNumber } from '../../../domain/change-orders/index.js';
import { isLinkType } from '../../../domain/schedule/link-types.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { budgetService } from '../budget/budget.service.js';
import { projectsService } from '../projects/projects.service.js';
import { scheduleService } from '../schedule/schedule.service.js';
import { tasksService } from '../tasks/tasks.service.js';
import {
  type ChangeOrderEventRow,
  type ChangeOrderLineRow,
  type ChangeOrderRow,
  changeOrdersRepo,
  nameOf,
} from './change-orders.repo.js';

/** Where a request came from, for the audit trail. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

type Lines = CreateChangeOrderBody['lines'];

function toSummary(row: ChangeOrderRow, submittedByName: string | null): ChangeOrderSummaryDto {
  return {
    id: row.id,
    projectId: row.projectId,
    number: row.number,
    title: row.title,
    reason: row.reason as ChangeOrderSummaryDto['reason'],
    status: row.status as ChangeOrderSummaryDto['status'],
    totalCents: row.contractChangeCents,
    submittedBy: row.submittedBy,
    submittedByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toEventDto(row: ChangeOrderEventRow): ChangeOrderEventDto {
  return {
    id: row.id,
    event: row.event as ChangeOrderEventDto['event'],
    userName: row.userName,
    signer: row.signer,
    at: row.at.toISOString(),
    ip: row.ip,
    userAgent: row.userAgent,
    details: row.details,
  };
}

export function changeOrdersService(ctx: AppContext) {
  const { db } = ctx;
  const projects = projectsService(ctx);
  const budget = budgetService(ctx);
  const tasks = tasksService(ctx);
  const schedule = scheduleService(ctx);

  /** The lines' cost codes are the company's and their tasks the project's, else a 400 naming the field. */
  async function checkLines(tenant: Tenant, lines: Lines, taskIds: Set<number>) {
    const codes = new Set((await budget.costCodes(tenant)).map((c) => c.id));
    const errors: Record<string, string> = {};
    lines.forEach((l, i) => {
      if (l.costCodeId !== null && !codes.has(l.costCodeId))
        errors[`lines.${i}.costCodeId`] = 'Cost code not found';
      if (l.taskId !== null && !taskIds.has(l.taskId))
        errors[`lines.${i}.taskId`] = 'Task not found in this project';
    });
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first, errors);
  }

  /** The task changes name tasks of the project, added tasks by unique keys, and known link types. */
  function checkTaskChanges(changes: TaskChanges, taskIds: Set<number>) {
    const errors: Record<string, string> = {};
    const keys = new Set<string>();
    changes.addedTasks.forEach((t, i) => {
      if (keys.has(t.key)) errors[`taskChanges.addedTasks.${i}.key`] = `The key ${t.key} is used twice`;
      keys.add(t.key);
    });
    const checkLink = (
      l: { taskId?: number | undefined; newTaskKey?: string | undefined; type: string },
      at: string,
    ) => {
      if (l.taskId !== undefined && !taskIds.has(l.taskId))
        errors[`${at}.taskId`] = 'Task not found in this project';
      if (l.newTaskKey !== undefined && !keys.has(l.newTaskKey))
        errors[`${at}.newTaskKey`] = `No added task has the key ${l.newTaskKey}`;
      if (!isLinkType(l.type)) errors[`${at}.type`] = 'Link type must be one of FS, SS, FF, SF';
    };
    changes.addedTasks.forEach((t, i) => {
      t.predecessors.forEach((l, j) => {
        checkLink(l, `taskChanges.addedTasks.${i}.predecessors.${j}`);
        if (l.newTaskKey === t.key)
          errors[`taskChanges.addedTasks.${i}.predecessors.${j}.newTaskKey`] = 'A task cannot follow itself';
      });
    });
    changes.durationChanges.forEach((d, i) => {
      if (!taskIds.has(d.taskId))
        errors[`taskChanges.durationChanges.${i}.taskId`] = 'Task not found in this project';
    });
    changes.newLinks.forEach((l, i) => {
      if (!taskIds.has(l.successorTaskId))
        errors[`taskChanges.newLinks.${i}.successorTaskId`] = 'Task not found in this project';
      checkLink(l.predecessor, `taskChanges.newLinks.${i}.predecessor`);
      if (l.predecessor.taskId === l.successorTaskId)
        errors[`taskChanges.newLinks.${i}.predecessor.taskId`] = 'A task cannot follow itself';
    });
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first, errors, 'invalid_task_changes');
  }

  async function projectTaskIds(tenant: Tenant, projectId: number) {
    return new Set((await tasks.listForProject(tenant, projectId)).map((t) => t.id));
  }

  async function load(tx: Db, tenant: Tenant, id: number, lock?: 'update') {
    const row = await changeOrdersRepo.findById(tx, tenant.companyId, id, lock);
    if (!row) throw notFound('change order');
    return row;
  }

  async function event(
    tx: Db,
    tenant: Tenant,
    row: ChangeOrderRow,
    name: string,
    origin: RequestOrigin,
    details = {},
  ) {
    await changeOrdersRepo.addEvent(tx, tenant.companyId, row.id, {
      event: name,
      userId: tenant.userId,
      userName: await changeOrdersRepo.userName(tx, tenant.userId),
      ip: origin.ip,
      userAgent: origin.userAgent,
      details,
    });
  }

  async function toDto(tenant: Tenant, row: ChangeOrderRow): Promise<ChangeOrderDto> {
    const [project, lines, events, codes, projectTasks] = await Promise.all([
      projects.get(tenant, row.projectId),
      changeOrdersRepo.lines(db, tenant.companyId, row.id),
      changeOrdersRepo.events(db, tenant.companyId, row.id),
      budget.costCodes(tenant),
      tasks.listForProject(tenant, row.projectId),
    ]);
    const codeOf = new Map(codes.map((c) => [c.id, c]));
    const taskName = new Map(projectTasks.map((t) => [t.id, t.name]));
    const totals = changeOrderTotals(lines, row.markupBasisPoints);
    const submittedByName = row.submittedBy ? await changeOrdersRepo.userName(db, row.submittedBy) : null;
    const approvedByName = row.approvedBy ? await changeOrdersRepo.userName(db, row.approvedBy) : null;
    const sent = [...events].reverse().find((e) => e.event === 'sent');
    return {
      ...toSummary(row, submittedByName),
      description: row.description,
      markupBasisPoints: row.markupBasisPoints,
      lines: lines.map((l: ChangeOrderLineRow) => ({
        id: l.id,
        costCodeId: l.costCodeId,
        costCode: l.costCodeId === null ? null : (codeOf.get(l.costCodeId)?.code ?? null),
        costCodeName: l.costCodeId === null ? null : (codeOf.get(l.costCodeId)?.name ?? null),
        taskId: l.taskId,
        taskName: l.taskId === null ? null : (taskName.get(l.taskId) ?? null),
        description: l.description,
        amountCents: l.amountCents,
      })),
      ...totals,
      currency: project.currency,
      taskChanges: row.taskChanges,
      impact: row.approvedImpact ?? null,
      declinedReason: row.declinedReason,
      voidReason: row.voidReason,
      sentTo: typeof sent?.details.email === 'string' ? sent.details.email : null,
      sentAt: sent ? sent.at.toISOString() : null,
      approvedAt: row.approvedAt?.toISOString() ?? null,
      approvedByName,
      approvalMethod: (row.approvalMethod as ChangeOrderDto['approvalMethod']) ?? null,
      pdfSha256: typeof sent?.details.pdfSha256 === 'string' ? sent.details.pdfSha256 : null,
      signedDocumentId: row.signedDocumentId,
      signedPdfSha256: row.signedPdfSha256,
      paperDocumentId: row.paperDocumentId,
      events: events.map(toEventDto),
    };
  }

  return {
    toDto,

    async list(tenant: Tenant, projectId: number): Promise<ChangeOrderListDto> {
      const project = await projects.get(tenant, projectId);
      const rows = await changeOrdersRepo.listByProject(db, tenant.companyId, projectId);
      return {
        projectId,
        currency: project.currency,
        changeOrders: rows.map((r) => toSummary(r.row, nameOf(r.submitter))),
        approvedTotalCents: rows
          .filter((r) => r.row.status === 'approved')
          .reduce((sum, r) => sum + r.row.contractChangeCents, 0),
      };
    },

    /** A new draft numbered CO-nnn in its project, submitted by the caller. */
    async create(tenant: Tenant, projectId: number, body: CreateChangeOrderBody, origin: RequestOrigin) {
      await projects.get(tenant, projectId);
      const taskIds = await projectTaskIds(tenant, projectId);
      await checkLines(tenant, body.lines, taskIds);
      checkTaskChanges(body.taskChanges, taskIds);
      const row = await db.transaction(async (tx) => {
        // The project's row is locked so two drafts at once cannot take the same number.
        await schedule.lockProject(tx, tenant.companyId, projectId);
        const number = nextChangeOrderNumber(await changeOrdersRepo.numbers(tx, tenant.companyId, projectId));
        const created = await changeOrdersRepo.insert(tx, tenant.companyId, {
          projectId,
          number,
          title: body.title,
          reason: body.reason,
          description: body.description,
          markupBasisPoints: body.markupBasisPoints,
          taskChanges: body.taskChanges,
          contractChangeCents: changeOrderTotals(body.lines, body.markupBasisPoints).totalCents,
          submittedBy: tenant.userId,
        });
        await changeOrdersRepo.replaceLines(tx, tenant.companyId, created.id, body.lines);
        await event(tx, tenant, created, 'created', origin, { number });
        return created;
      });
      return toDto(tenant, row);
    },

    async get(tenant: Tenant, id: number) {
      return toDto(tenant, await load(db, tenant, id));
    },

    /** Edits a draft; lines and task changes are replaced whole. 409 once it has been sent. */
    async update(tenant: Tenant, id: number, body: UpdateChangeOrderBody, origin: RequestOrigin) {
      const current = await load(db, tenant, id);
      const taskIds = await projectTaskIds(tenant, current.projectId);
      if (body.lines) await checkLines(tenant, body.lines, taskIds);
      if (body.taskChanges) checkTaskChanges(body.taskChanges, taskIds);
      const row = await db.transaction(async (tx) => {
        const locked = await load(tx, tenant, id, 'update');
        if (locked.status !== 'draft')
          throw conflict(
            'change_order_not_draft',
            `${locked.number} is ${locked.status}: only a draft can be edited`,
          );
        if (body.lines) await changeOrdersRepo.replaceLines(tx, tenant.companyId, id, body.lines);
        const lines = body.lines ?? (await changeOrdersRepo.lines(tx, tenant.companyId, id));
        const markup = body.markupBasisPoints ?? locked.markupBasisPoints;
        const updated = await changeOrdersRepo.update(tx, tenant.companyId, id, {
          ...(body.title !== undefined && { title: body.title }),
          ...(body.reason !== undefined && { reason: body.reason }),
          ...(body.description !== undefined && { description: body.description }),
          ...(body.taskChanges !== undefined && { taskChanges: body.taskChanges }),
          markupBasisPoints: markup,
          contractChangeCents: changeOrderTotals(lines, markup).totalCents,
        });
        if (!updated) throw notFound('change order');
        await event(tx, tenant, updated, 'edited', origin, { fields: Object.keys(body) });
        return updated;
      });
      return toDto(tenant, row);
    },

    /** Voids a draft or sent change order (the route lets only the owner and admins call it). */
    async void(tenant: Tenant, id: number, body: VoidChangeOrderBody, origin: RequestOrigin) {
      const row = await db.transaction(async (tx) => {
        const locked = await load(tx, tenant, id, 'update');
        if (locked.status !== 'draft' && locked.status !== 'sent')
          throw conflict(
            'change_order_not_voidable',
            `${locked.number} is ${locked.status}: only a draft or a sent change order can be voided`,
          );
        const updated = await changeOrdersRepo.update(tx, tenant.companyId, id, {
          status: 'void',
          voidReason: body.reason,
        });
        if (!updated) throw notFound('change order');
        await event(tx, tenant, updated, 'voided', origin, { reason: body.reason, from: locked.status });
        return updated;
      });
      return toDto(tenant, row);
    },
  };
}
