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

  /** The user with their company (null when they have none); undefined when there is no such user. */
  withCompany(db: Db, userId: string) {
    return usersRepo.findWithCompany(db, userId);
  },

  /** Gives a company's user another role (the caller has checked they belong to that company). */
  changeRole(tx: Db, userId: string, role: UserRow['role']): Promise<UserRow | undefined> {
    return usersRepo.update(tx, userId, { role });
  },

  /** Takes the user out of their company; they keep their account and can join or create another. */
  leaveCompany(tx: Db, userId: string): Promise<UserRow | undefined> {
    return usersRepo.update(tx, userId, { companyId: null, role: 'member' });
  },
};
