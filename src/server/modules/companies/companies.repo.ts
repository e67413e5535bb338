import { eq, like, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';

export type NewCompany = typeof companies.$inferInsert;

export const companiesRepo = {
  async slugsLike(db: Db, base: string): Promise<Set<string>> {
    const rows = await db
      .select({ slug: companies.slug })
      .from(companies)
      .where(or(eq(companies.slug, base), like(companies.slug, `${base}-%`)));
    return new Set(rows.map((r) => r.slug));
  },

  async insert(db: Db, values: NewCompany) {
    const rows = await db.insert(companies).values(values).returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },
};
