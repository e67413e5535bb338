import { and, asc, eq, like, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, users } from '../../db/schema/index.js';

export type NewCompany = typeof companies.$inferInsert;

const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
};

export type MemberRow = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  role: (typeof users.$inferSelect)['role'];
};

export const companiesRepo = {
  /** The company's users, oldest first. */
  members(db: Db, companyId: number): Promise<MemberRow[]> {
    return db
      .select(memberColumns)
      .from(users)
      .where(eq(users.companyId, companyId))
      .orderBy(asc(users.createdAt), asc(users.id));
  },

  async findMember(db: Db, companyId: number, userId: string): Promise<MemberRow | undefined> {
    const rows = await db
      .select(memberColumns)
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
      .limit(1);
    return rows[0];
  },

  async findType(db: Db, companyId: number): Promise<string | undefined> {
    const rows = await db
      .select({ type: companies.type })
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1);
    return rows[0]?.type;
  },

  async slugsLike(db: Db, base: string): Promise<Set<string>> {
    const rows = await db
      .select({ slug: companies.slug })
      .from(companies)
      .where(or(eq(companies.slug, base), like(companies.slug, `${base}-%`)));
    return new Set(rows.map((r) => r.slug));
  },

  /** Sets the company's default location; answers it as stored, or undefined when there is no such company. */
  async updateLocation(db: Db, companyId: number, place: { country: string; state: string | null }) {
    const rows = await db
      .update(companies)
      .set({ country: place.country, state: place.state, updatedAt: new Date() })
      .where(eq(companies.id, companyId))
      .returning({ country: companies.country, state: companies.state });
    return rows[0];
  },

  async insert(db: Db, values: NewCompany) {
    const rows = await db.insert(companies).values(values).returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },
};
