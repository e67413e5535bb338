import type { AccountDeletionDto } from '../../../contracts/account.js';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../errors.js';
import {
  type CompanyRow,
  MANAGERS_ONLY_MESSAGE,
  managesCompany,
  type UserRow,
} from '../../plugins/auth-context.js';
import { destroyUserSessions } from '../../plugins/sessions.js';
import { type CleanupLog, documentsService } from '../documents/documents.service.js';
import { subscriptionService } from '../subscription/subscription.service.js';
import { accountRepo } from './account.repo.js';

const successorRank = { owner: 0, admin: 1, member: 2 } as const;

export function accountService(ctx: AppContext) {
  const { db } = ctx;
  const subscriptions = subscriptionService(ctx);
  const documents = documentsService(ctx);

  /** The company's last member takes it along; only its owner or an admin may. */
  function refuseCompanyDeletion(): never {
    throw forbidden(
      `${MANAGERS_ONLY_MESSAGE}: you are the company’s last member, and deleting your account deletes the company`,
      'managers_only',
    );
  }

  return {
    /** What deleting the user's account would take with it, and whether they may. */
    async deletionPreview(user: UserRow, company: CompanyRow | null): Promise<AccountDeletionDto> {
      if (!company) return { companyDeleted: false, companyName: null, counts: null, allowed: true };
      const others = await accountRepo.otherMembers(db, company.id, user.id);
      if (others.length > 0) {
        return { companyDeleted: false, companyName: company.name, counts: null, allowed: true };
      }
      return {
        companyDeleted: true,
        companyName: company.name,
        counts: await accountRepo.recordCounts(db, company.id),
        allowed: managesCompany(user),
      };
    },

    /**
     * Deletes the user and ends all their sessions. The company's last member takes the company
     * with them: billing is closed at the provider first, then the company and all its data are
     * deleted in one transaction. Otherwise the company stays: the user's documents and updates
     * pass to another member, who becomes owner when the company would have none left.
     * The deleted documents' stored files are removed after the commit. Answers whether the
     * company was deleted.
     */
    async deleteAccount(user: UserRow, company: CompanyRow | null, log: CleanupLog): Promise<boolean> {
      if (company) {
        const others = await accountRepo.otherMembers(db, company.id, user.id);
        if (others.length === 0) {
          if (!managesCompany(user)) refuseCompanyDeletion();
          await subscriptions.closeBilling(user, company);
        }
      }
      const { companyDeleted, storedFiles } = await db.transaction(async (tx) => {
        const locked = company ? await accountRepo.lockCompany(tx, company.id) : false;
        if (!company || !locked) {
          await accountRepo.deleteUser(tx, user.id);
          await destroyUserSessions(tx, user.id);
          return { companyDeleted: false, storedFiles: [] as string[] };
        }
        // Re-read under the lock: a member may have joined or left since.
        const others = await accountRepo.otherMembers(tx, company.id, user.id);
        const successor = [...others].sort((a, b) => successorRank[a.role] - successorRank[b.role])[0];
        if (!successor) {
          if (!managesCompany(user)) refuseCompanyDeletion();
          const storedFiles = await accountRepo.documentFiles(tx, company.id);
          await accountRepo.deleteUser(tx, user.id);
          await accountRepo.deleteCompany(tx, company.id);
          await destroyUserSessions(tx, user.id);
          return { companyDeleted: true, storedFiles };
        }
        await accountRepo.reassignAuthorship(tx, company.id, user.id, successor.id);
        if (user.role === 'owner' && !others.some((o) => o.role === 'owner')) {
          await accountRepo.setRole(tx, company.id, successor.id, 'owner');
        }
        await accountRepo.deleteUser(tx, user.id);
        await destroyUserSessions(tx, user.id);
        return { companyDeleted: false, storedFiles: [] as string[] };
      });
      await documents.removeStoredFiles(storedFiles, log);
      return companyDeleted;
    },
  };
}
