import type { CreateCompanyBody } from '../../../contracts/companies.js';
import { slugify, uniqueSlug } from '../../../domain/auth/slug.js';
import { trialEnd } from '../../../domain/subscription/gate.js';
import type { AppContext } from '../../context.js';
import { conflict } from '../../errors.js';
import type { UserRow } from '../../plugins/auth-context.js';
import { usersService } from '../auth/users.service.js';
import { companiesRepo } from './companies.repo.js';

export function companiesService(ctx: AppContext) {
  return {
    /** Creates the caller's company, makes them its owner and starts the trial, in one transaction. */
    async create(user: UserRow, input: CreateCompanyBody) {
      if (user.companyId) throw conflict('already_in_company', 'You already belong to a company');
      return ctx.db.transaction(async (tx) => {
        // Re-read under the transaction so two concurrent calls cannot both create a company.
        if (await usersService.companyIdForUpdate(tx, user.id))
          throw conflict('already_in_company', 'You already belong to a company');
        const base = slugify(input.name);
        const slug = uniqueSlug(base, await companiesRepo.slugsLike(tx, base));
        const company = await companiesRepo.insert(tx, {
          name: input.name,
          type: input.type,
          slug,
          trialEndsAt: trialEnd(ctx.now(), ctx.config.trialDays),
        });
        const updated = await usersService.joinCompany(tx, user.id, company.id, 'owner');
        return { user: updated ?? user, company };
      });
    },
  };
}
