/**
 * Where the export reads a project's bills: the costs module's `projectBills` (it owns bills and
 * their lines). Kept behind this one function so the export's shape does not follow the costs
 * module's rows.
 */
import type { SourceBill } from '../../../domain/accounting/index.js';
import type { Db } from '../../db/client.js';
import { projectBills } from '../costs/costs.service.js';

export async function billsOf(db: Db, companyId: number, projectId: number): Promise<SourceBill[]> {
  const bills = await projectBills(db, companyId, projectId);
  return bills.map((bill) => ({
    id: bill.id,
    projectId,
    number: bill.number,
    entryDate: bill.entryDate,
    dueDate: bill.dueDate,
    vendorContactId: bill.vendorContactId,
    vendorName: bill.vendorName,
    memo: bill.memo,
    lines: bill.lines.map((line) => ({
      costCodeId: line.costCodeId,
      description: line.description,
      amountCents: line.amountCents,
    })),
  }));
}
