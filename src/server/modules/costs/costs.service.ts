/**
 * Costs: a project's commitments (purchase orders, subcontracts) and cost entries (bills, expenses,
 * labour), each with lines on the company's cost codes, in whole cents. This module owns
 * `commitments`, `commitment_lines`, `cost_entries` and `cost_entry_lines`; the job cost report
 * (budget module) and the accounting export read them through the functions below.
 */
import type {
  CommitmentDto,
  CommitmentListDto,
  CreateCommitmentBody,
  UpdateCommitmentBody,
} from '../../../contracts/costs.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { budgetService } from '../budget/budget.service.js';
import { findContact } from '../contacts/contacts.service.js';
import { requireProject } from '../projects/project-scope.js';
import { projectsService } from '../projects/projects.service.js';
import { costsRepo } from './costs.repo.js';

/** One commitment line, for the job cost report: a SUM by (cost code, task) gives the committed figure. */
export interface CommitmentLineRead {
  lineId: number;
  commitmentId: number;
  commitmentNumber: string;
  commitmentKind: string;
  /** draft | issued | closed: only issued commitments are open. */
  status: string;
  title: string;
  vendorName: string | null;
  costCodeId: number | null;
  taskId: number | null;
  description: string;
  amountCents: number;
}

/** One cost line, for the job cost report's actuals and its drill-down. */
export interface CostLineRead {
  lineId: number;
  entryId: number;
  entryKind: 'bill' | 'expense' | 'labor';
  entryNumber: string | null;
  entryDate: string;
  vendorContactId: number | null;
  vendorName: string | null;
  commitmentId: number | null;
  documentId: number | null;
  costCodeId: number | null;
  taskId: number | null;
  description: string;
  amountCents: number;
  hours: number | null;
  rateCents: number | null;
}

/** A bill with its lines, for the accounting export. */
export interface BillRead {
  id: number;
  vendorContactId: number | null;
  vendorName: string | null;
  number: string | null;
  entryDate: string;
  dueDate: string | null;
  memo: string;
  totalCents: number;
  lines: { costCodeId: number | null; taskId: number | null; description: string; amountCents: number }[];
}

/** For the job cost report: every commitment line of the project, tenant-scoped. */
export async function projectCommitmentLines(
  db: Db,
  companyId: number,
  projectId: number,
): Promise<CommitmentLineRead[]> {
  const heads = await costsRepo.commitments(db, companyId, { projectId });
  const byId = new Map(heads.map((h) => [h.commitment.id, h]));
  const lines = await costsRepo.commitmentLinesOf(db, companyId, [...byId.keys()]);
  return lines.flatMap(({ line }) => {
    const head = byId.get(line.commitmentId);
    if (!head) return [];
    return [
      {
        lineId: line.id,
        commitmentId: line.commitmentId,
        commitmentNumber: head.commitment.number,
        commitmentKind: head.commitment.kind,
        status: head.commitment.status,
        title: head.commitment.title,
        vendorName: head.vendorName,
        costCodeId: line.costCodeId,
        taskId: line.taskId,
        description: line.description,
        amountCents: line.amountCents,
      },
    ];
  });
}

/** For the job cost report: every cost line of the project (bills, expenses, labour), tenant-scoped. */
export async function projectCostLines(
  db: Db,
  companyId: number,
  projectId: number,
): Promise<CostLineRead[]> {
  const heads = await costsRepo.entries(db, companyId, { projectId });
  const byId = new Map(heads.map((h) => [h.entry.id, h]));
  const lines = await costsRepo.entryLinesOf(db, companyId, [...byId.keys()]);
  return lines.flatMap(({ line }) => {
    const head = byId.get(line.entryId);
    if (!head) return [];
    const e = head.entry;
    return [
      {
        lineId: line.id,
        entryId: e.id,
        entryKind: e.kind as CostLineRead['entryKind'],
        entryNumber: e.number,
        entryDate: e.entryDate,
        vendorContactId: e.vendorContactId,
        vendorName: head.vendorName,
        commitmentId: e.commitmentId,
        documentId: e.documentId,
        costCodeId: line.costCodeId,
        taskId: line.taskId,
        description: line.description,
        amountCents: line.amountCents,
        hours: line.hours === null ? null : Number(line.hours),
        rateCents: line.rateCents,
      },
    ];
  });
}

/** For the accounting export: the project's bills with vendor, number, dates and lines. */
export async function projectBills(db: Db, companyId: number, projectId: number): Promise<BillRead[]> {
  const heads = (await costsRepo.entries(db, companyId, { projectId })).filter(
    (h) => h.entry.kind === 'bill',
  );
  const lines = await costsRepo.entryLinesOf(
    db,
    companyId,
    heads.map((h) => h.entry.id),
  );
  // Lines grouped by their bill in one pass, not searched again for every bill.
  const linesOf = new Map<number, BillRead['lines']>();
  for (const { line } of lines) {
    const own = linesOf.get(line.entryId) ?? [];
    own.push({
      costCodeId: line.costCodeId,
      taskId: line.taskId,
      description: line.description,
      amountCents: line.amountCents,
    });
    linesOf.set(line.entryId, own);
  }
  return heads.map(({ entry, vendorName }) => {
    const own = linesOf.get(entry.id) ?? [];
    return {
      id: entry.id,
      vendorContactId: entry.vendorContactId,
      vendorName,
      number: entry.number,
      entryDate: entry.entryDate,
      dueDate: entry.dueDate,
      memo: entry.memo,
      totalCents: own.reduce((s, l) => s + l.amountCents, 0),
      lines: own,
    };
  });
}

/** Reads a commitment whole (lines and what was billed against it) for its DTO. */
async function commitmentDtos(
  db: Db,
  companyId: number,
  heads: Awaited<ReturnType<typeof costsRepo.commitments>>,
) {
  const ids = heads.map((h) => h.commitment.id);
  const [lines, billed] = await Promise.all([
    costsRepo.commitmentLinesOf(db, companyId, ids),
    costsRepo.billedAgainst(db, companyId, ids),
  ]);
  return heads.map(({ commitment: c, vendorName }): CommitmentDto => {
    const own = lines.filter((l) => l.line.commitmentId === c.id);
    const totalCents = own.reduce((s, l) => s + l.line.amountCents, 0);
    const billedCents = billed.get(c.id) ?? 0;
    return {
      id: c.id,
      projectId: c.projectId,
      kind: c.kind as CommitmentDto['kind'],
      number: c.number,
      title: c.title,
      status: c.status as CommitmentDto['status'],
      vendorContactId: c.vendorContactId,
      vendorName,
      totalCents,
      billedCents,
      remainingCents: totalCents - billedCents,
      issuedAt: c.issuedAt?.toISOString() ?? null,
      closedAt: c.closedAt?.toISOString() ?? null,
      createdAt: c.createdAt.toISOString(),
      lines: own.map((l) => ({
        id: l.line.id,
        costCodeId: l.line.costCodeId,
        costCode: l.costCode,
        costCodeName: l.costCodeName,
        taskId: l.line.taskId,
        taskName: l.taskName,
        description: l.line.description,
        amountCents: l.line.amountCents,
      })),
    };
  });
}

export function costsService(ctx: AppContext) {
  const { db } = ctx;
  const projects = projectsService(ctx);
  const budget = budgetService(ctx);

  /** The vendor, cost codes and tasks named are the company's (and the project's): else 404. */
  async function checkRefs(
    tx: Db,
    tenant: Tenant,
    projectId: number,
    vendorContactId: number | undefined,
    lines: readonly { costCodeId: number; taskId?: number | null }[],
  ) {
    if (vendorContactId !== undefined && !(await findContact(tx, tenant.companyId, vendorContactId)))
      throw notFound('vendor');
    const codes = new Set((await budget.costCodes(tenant)).map((c) => c.id));
    if (lines.some((l) => !codes.has(l.costCodeId))) throw notFound('cost code');
    const taskIds = lines.flatMap((l) => (l.taskId ? [l.taskId] : []));
    const found = await costsRepo.projectTaskIds(tx, tenant.companyId, projectId, taskIds);
    if (taskIds.some((id) => !found.has(id))) throw notFound('task');
  }

  async function one(tenant: Tenant, id: number, tx: Db = db, lock = false) {
    const heads = await costsRepo.commitments(tx, tenant.companyId, { id }, lock);
    if (heads.length === 0) throw notFound('commitment');
    return heads;
  }

  return {
    async listCommitments(tenant: Tenant, projectId: number): Promise<CommitmentListDto> {
      const project = await projects.get(tenant, projectId);
      const heads = await costsRepo.commitments(db, tenant.companyId, { projectId });
      return { currency: project.currency, commitments: await commitmentDtos(db, tenant.companyId, heads) };
    },

    async getCommitment(tenant: Tenant, id: number): Promise<CommitmentDto> {
      const [dto] = await commitmentDtos(db, tenant.companyId, await one(tenant, id));
      if (!dto) throw notFound('commitment');
      return dto;
    },

    /** A draft numbered PO-001 / SC-001 for the project; the project row is held so two creates take turns. */
    async createCommitment(
      tenant: Tenant,
      projectId: number,
      body: CreateCommitmentBody,
    ): Promise<CommitmentDto> {
      const id = await db.transaction(async (tx) => {
        await requireProject(tx, tenant.companyId, projectId, 'update');
        await checkRefs(tx, tenant, projectId, body.vendorContactId, body.lines);
        const prefix = body.kind === 'purchase_order' ? 'PO' : 'SC';
        const next = (await costsRepo.highestNumber(tx, tenant.companyId, projectId, prefix)) + 1;
        const row = await costsRepo.insertCommitment(tx, tenant.companyId, {
          projectId,
          kind: body.kind,
          number: `${prefix}-${String(next).padStart(3, '0')}`,
          vendorContactId: body.vendorContactId,
          title: body.title,
          createdBy: tenant.userId,
        });
        await costsRepo.replaceCommitmentLines(tx, tenant.companyId, row.id, body.lines.map(lineValues));
        return row.id;
      });
      return this.getCommitment(tenant, id);
    },

    /** A draft's title, vendor or lines; an issued or closed commitment is 409. */
    async updateCommitment(tenant: Tenant, id: number, body: UpdateCommitmentBody): Promise<CommitmentDto> {
      await db.transaction(async (tx) => {
        const [head] = await one(tenant, id, tx, true);
        if (!head) throw notFound('commitment');
        const c = head.commitment;
        if (c.status !== 'draft')
          throw conflict('commitment_not_draft', `${c.number} is ${c.status}: only a draft can be changed`);
        await checkRefs(tx, tenant, c.projectId, body.vendorContactId, body.lines ?? []);
        const set = {
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.vendorContactId !== undefined ? { vendorContactId: body.vendorContactId } : {}),
        };
        if (Object.keys(set).length > 0) await costsRepo.updateCommitment(tx, tenant.companyId, id, set);
        if (body.lines)
          await costsRepo.replaceCommitmentLines(tx, tenant.companyId, id, body.lines.map(lineValues));
      });
      return this.getCommitment(tenant, id);
    },

    /** draft → issued, or issued → closed (the routes let only the owner or an admin). */
    async moveCommitment(tenant: Tenant, id: number, to: 'issued' | 'closed'): Promise<CommitmentDto> {
      await db.transaction(async (tx) => {
        const [head] = await one(tenant, id, tx, true);
        if (!head) throw notFound('commitment');
        const c = head.commitment;
        const from = to === 'issued' ? 'draft' : 'issued';
        if (c.status !== from)
          throw conflict(
            'commitment_status',
            `${c.number} is ${c.status}: only a ${from} commitment can be ${to}`,
          );
        const now = ctx.now();
        await costsRepo.updateCommitment(
          tx,
          tenant.companyId,
          id,
          to === 'issued'
            ? { status: to, issuedAt: now, issuedBy: tenant.userId }
            : { status: to, closedAt: now },
        );
      });
      return this.getCommitment(tenant, id);
    },
  };
}

const lineValues = (l: CreateCommitmentBody['lines'][number]) => ({
  costCodeId: l.costCodeId,
  taskId: l.taskId ?? null,
  description: l.description,
  amountCents: l.amountCents,
});
