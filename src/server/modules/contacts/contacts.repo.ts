import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contacts } from '../../db/schema/index.js';

export type ContactRow = typeof contacts.$inferSelect;
export type NewContact = Omit<typeof contacts.$inferInsert, 'id' | 'companyId' | 'createdAt'>;

/** Rows per insert statement of an import (13 parameters each, far below PostgreSQL's 65,535). */
const INSERT_CHUNK = 500;

/** Every query is scoped by company id, always the second argument. */
export const contactsRepo = {
  /** The company's contacts by name (ignoring case), then by id. */
  list(db: Db, companyId: number) {
    return db
      .select()
      .from(contacts)
      .where(eq(contacts.companyId, companyId))
      .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id));
  },

  async findById(db: Db, companyId: number, id: number) {
    const rows = await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
      .limit(1);
    return rows[0];
  },

  /** Name and email of every contact of the company, to find duplicates. */
  identities(db: Db, companyId: number) {
    return db
      .select({ id: contacts.id, name: contacts.name, email: contacts.email })
      .from(contacts)
      .where(eq(contacts.companyId, companyId));
  },

  async insert(db: Db, companyId: number, values: NewContact) {
    const rows = await db
      .insert(contacts)
      .values({ ...values, companyId })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async insertMany(db: Db, companyId: number, values: readonly NewContact[]): Promise<number> {
    let count = 0;
    for (let i = 0; i < values.length; i += INSERT_CHUNK) {
      const chunk = values.slice(i, i + INSERT_CHUNK).map((v) => ({ ...v, companyId }));
      const rows = await db.insert(contacts).values(chunk).returning({ id: contacts.id });
      count += rows.length;
    }
    return count;
  },

  async update(db: Db, companyId: number, id: number, values: Partial<NewContact>) {
    const rows = await db
      .update(contacts)
      .set(values)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
      .returning();
    return rows[0];
  },

  async delete(db: Db, companyId: number, id: number) {
    const rows = await db
      .delete(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
      .returning({ id: contacts.id });
    return rows.length > 0;
  },

  /**
   * Makes writers of the company's contacts that check for duplicates (imports, a client saved with a
   * project) take turns until the transaction ends, so two of them cannot both add the same person.
   */
  async lockForDuplicateCheck(db: Db, companyId: number) {
    await db.execute(sql`select pg_advisory_xact_lock(${CONTACTS_LOCK_SPACE}::int, ${companyId}::int)`);
  },
};

/** The first key of the two-key advisory locks on a company's contacts ("CONT" in ASCII). */
const CONTACTS_LOCK_SPACE = 0x434f4e54;
