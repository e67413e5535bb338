/**
 * Where the export reads a project's bills: the costs module's `projectBills` (it owns bills and
 * their lines). Kept behind this one function so the export's shape does not follow the costs
 * module's rows.
 */
import type { SourceBill } from '../../../domain/accounting/index.js';
import type { Db } from '../../db/client.js';

export async function billsOf(_db: Db, _companyId: number, _projectId: number): Promise<SourceBill[]> {
  // The costs module's read function has not landed yet: until it does, no bills are exported.
  return [];
}
