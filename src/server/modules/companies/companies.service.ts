import type {
  CompanyLocationBody,
  CompanyLocationDto,
  CompanyMemberDto,
  CreateCompanyBody,
} from '../../../contracts/companies.js';
import { slugify, uniqueSlug } from '../../../domain/auth/slug.js';
import { trialEnd } from '../../../domain/subscription/gate.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../errors.js';
import type { Tenant, UserRow } from '../../plugins/auth-context.js';
import { usersService } from '../auth/users.service.js';
import { companiesRepo, type MemberRow } from './companies.repo.js';

/** How a member is named to others: first and last name, or the email when they gave no name. */
export function memberName(member: { firstName: string | null; lastName: string | null; email: string }) {
  const name = [member.firstName, member.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || member.email;
}

export function toCompanyMemberDto(row: MemberRow): CompanyMemberDto {
  return { id: row.id, name: memberName(row), email: row.email, role: row.role };
}

/**
 * For other modules: the company's member with this user id, named, or undefined when the company
 * has no such member. `db` may be a transaction.
 */
export async function findCompanyMember(
  db: Db,
  companyId: number,
  userId: string,
): Promise<CompanyMemberDto | undefined> {
  const row = await companiesRepo.findMember(db, companyId, userId);
  return row && toCompanyMemberDto(row);
}

/** For other modules: the kind of work the company does (general, residential, …). `db` may be a transaction. */
export async function findCompanyType(db: Db, companyId: number): Promise<string> {
  const type = await companiesRepo.findType(db, companyId);
  if (!type) throw notFound('company');
  return type;
}

export function companiesService(ctx: AppContext) {
  return {
    /** The members of the caller's company, by name. */
    async members(tenant: Tenant): Promise<CompanyMemberDto[]> {
      const rows = await companiesRepo.members(ctx.db, tenant.companyId);
      return rows.map(toCompanyMemberDto).sort((a, b) => a.name.localeCompare(b.name));
    },

    /** Sets the company's default location (the route lets only its owner and admins call it). */
    async updateLocation(tenant: Tenant, place: CompanyLocationBody): Promise<CompanyLocationDto> {
      const stored = await companiesRepo.updateLocation(ctx.db, tenant.companyId, place);
      if (!stored) throw notFound('company');
      return stored;
    },

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
