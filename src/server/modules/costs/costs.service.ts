/**
 * Costs: a project's commitments (purchase orders, subcontracts) and cost entries (bills, expenses,
 * labour), each with lines on the company's cost codes, in whole cents. This module owns
 * `commitments`, `commitment_lines`, `cost_entries` and `cost_entry_lines`; the job cost report
 * (budget module) and the accounting export read them through the functions below.
 */
import type { Db } from '../../db/client.js';
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
  return heads.map(({ entry, vendorName }) => {
    const own = lines
      .filter((l) => l.line.entryId === entry.id)
      .map(({ line }) => ({
        costCodeId: line.costCodeId,
        taskId: line.taskId,
        description: line.description,
        amountCents: line.amountCents,
      }));
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
