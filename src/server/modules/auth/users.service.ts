import type { Db } from '../../db/client.js';
import type { UserRow } from '../../plugins/auth-context.js';
import { usersRepo } from './users.repo.js';

/** What other modules may do with user accounts; they pass their transaction as `tx`. */
export const usersService = {
  /** The user's current company id, locking the user's row until the caller's transaction ends. */
  companyIdForUpdate(tx: Db, userId: string): Promise<number | null> {
    return usersRepo.lockCompanyId(tx, userId);
  },

  async joinCompany(
    tx: Db,
    userId: string,
    companyId: number,
    role: UserRow['role'],
  ): Promise<UserRow | undefined> {
    return usersRepo.update(tx, userId, { companyId, role });
  },
};
