import { and, asc, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  accountingMappings,
  accountingSettings,
  clientInvoiceLines,
  clientInvoices,
  users,
} from '../../db/schema/index.js';

export type InvoiceRow = typeof clientInvoices.$inferSelect;
export type InvoiceLineRow = typeof clientInvoiceLines.$inferSelect;
export type MappingRow = typeof accountingMappings.$inferSelect;
export type SettingsRow = typeof accountingSettings.$inferSelect;
export interface NewInvoiceLine {
  description: string;
  costCodeId: number | null;
  amountCents: number;
}

/** An invoice with its lines and the name of who approved it. */
export interface InvoiceWithLines {
  invoice: InvoiceRow;
  lines: InvoiceLineRow[];
  approvedByName: string | null;
}

const approverName = sql<
  string | null
>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;

/** Every query is scoped by company id, always the second argument. */
export const accountingRepo = {
  /** The invoices of the project (or, with `projectId` null, of the company), newest number first. */
  async invoices(
    db: Db,
    companyId: number,
    filter: { projectId?: number; status?: 'approved'; from?: string; to?: string },
  ): Promise<InvoiceWithLines[]> {
    const rows = await db
      .select({ invoice: clientInvoices, approvedByName: approverName, approverEmail: users.email })
      .from(clientInvoices)
      .leftJoin(users, eq(users.id, clientInvoices.approvedBy))
      .where(
        and(
          eq(clientInvoices.companyId, companyId),
          filter.projectId !== undefined ? eq(clientInvoices.projectId, filter.projectId) : undefined,
          filter.status ? eq(clientInvoices.status, filter.status) : undefined,
          filter.from ? gte(clientInvoices.invoiceDate, filter.from) : undefined,
          filter.to ? lte(clientInvoices.invoiceDate, filter.to) : undefined,
        ),
      )
      .orderBy(desc(clientInvoices.invoiceDate), desc(clientInvoices.id));
    if (rows.length === 0) return [];
    const lines = await db
      .select()
      .from(clientInvoiceLines)
      .where(
        and(
          eq(clientInvoiceLines.companyId, companyId),
          inArray(
            clientInvoiceLines.invoiceId,
            rows.map((r) => r.invoice.id),
          ),
        ),
      )
      .orderBy(asc(clientInvoiceLines.invoiceId), asc(clientInvoiceLines.position));
    const byInvoice = new Map<number, InvoiceLineRow[]>();
    for (const line of lines) byInvoice.set(line.invoiceId, [...(byInvoice.get(line.invoiceId) ?? []), line]);
    return rows.map((r) => ({
      invoice: r.invoice,
      lines: byInvoice.get(r.invoice.id) ?? [],
      approvedByName: r.invoice.approvedBy ? (r.approvedByName ?? r.approverEmail) : null,
    }));
  },

  async invoiceById(db: Db, companyId: number, id: number): Promise<InvoiceWithLines | undefined> {
    const [row] = await db
      .select({ invoice: clientInvoices, approvedByName: approverName, approverEmail: users.email })
      .from(clientInvoices)
      .leftJoin(users, eq(users.id, clientInvoices.approvedBy))
      .where(and(eq(clientInvoices.companyId, companyId), eq(clientInvoices.id, id)));
    if (!row) return undefined;
    const lines = await db
      .select()
      .from(clientInvoiceLines)
      .where(and(eq(clientInvoiceLines.companyId, companyId), eq(clientInvoiceLines.invoiceId, id)))
      .orderBy(asc(clientInvoiceLines.position));
    return {
      invoice: row.invoice,
      lines,
      approvedByName: row.invoice.approvedBy ? (row.approvedByName ?? row.approverEmail) : null,
    };
  },

  /** Takes the invoice for change: the row locked for the caller's transaction. */
  async lockInvoice(db: Db, companyId: number, id: number): Promise<InvoiceRow | undefined> {
    const [row] = await db
      .select()
      .from(clientInvoices)
      .where(and(eq(clientInvoices.companyId, companyId), eq(clientInvoices.id, id)))
      .for('update');
    return row;
  },

  /** The numbers the project's invoices already have. */
  async invoiceNumbers(db: Db, companyId: number, projectId: number): Promise<string[]> {
    const rows = await db
      .select({ number: clientInvoices.number })
      .from(clientInvoices)
      .where(and(eq(clientInvoices.companyId, companyId), eq(clientInvoices.projectId, projectId)));
    return rows.map((r) => r.number);
  },

  async insertInvoice(
    db: Db,
    companyId: number,
    values: Omit<typeof clientInvoices.$inferInsert, 'id' | 'companyId'>,
  ): Promise<InvoiceRow> {
    const [row] = await db
      .insert(clientInvoices)
      .values({ ...values, companyId })
      .returning();
    if (!row) throw new Error('invoice insert returned nothing');
    return row;
  },

  async updateInvoice(
    db: Db,
    companyId: number,
    id: number,
    set: Partial<
      Pick<InvoiceRow, 'invoiceDate' | 'dueDate' | 'memo' | 'status' | 'approvedAt' | 'approvedBy'>
    >,
  ): Promise<void> {
    await db
      .update(clientInvoices)
      .set(set)
      .where(and(eq(clientInvoices.companyId, companyId), eq(clientInvoices.id, id)));
  },

  async replaceLines(db: Db, companyId: number, invoiceId: number, lines: readonly NewInvoiceLine[]) {
    await db
      .delete(clientInvoiceLines)
      .where(and(eq(clientInvoiceLines.companyId, companyId), eq(clientInvoiceLines.invoiceId, invoiceId)));
    if (lines.length === 0) return;
    await db
      .insert(clientInvoiceLines)
      .values(lines.map((l, position) => ({ ...l, position, invoiceId, companyId })));
  },

  /** The sum of the project's approved invoices, in cents. */
  async billedCents(db: Db, companyId: number, projectId: number): Promise<number> {
    const [row] = await db
      .select({ cents: sql<string>`coalesce(sum(${clientInvoiceLines.amountCents}), 0)::text` })
      .from(clientInvoiceLines)
      .innerJoin(
        clientInvoices,
        and(
          eq(clientInvoices.companyId, clientInvoiceLines.companyId),
          eq(clientInvoices.id, clientInvoiceLines.invoiceId),
        ),
      )
      .where(
        and(
          eq(clientInvoiceLines.companyId, companyId),
          eq(clientInvoices.projectId, projectId),
          eq(clientInvoices.status, 'approved'),
        ),
      );
    return Number(row?.cents ?? 0);
  },

  async mappings(db: Db, companyId: number): Promise<MappingRow[]> {
    return db.select().from(accountingMappings).where(eq(accountingMappings.companyId, companyId));
  },

  async settings(db: Db, companyId: number): Promise<SettingsRow | undefined> {
    const [row] = await db
      .select()
      .from(accountingSettings)
      .where(eq(accountingSettings.companyId, companyId));
    return row;
  },

  async saveSettings(
    db: Db,
    companyId: number,
    set: Partial<Omit<SettingsRow, 'companyId' | 'updatedAt'>>,
  ): Promise<void> {
    await db
      .insert(accountingSettings)
      .values({ companyId, ...set })
      .onConflictDoUpdate({ target: accountingSettings.companyId, set: { ...set, updatedAt: new Date() } });
  },

  /**
   * Writes one subject's mapping (a cost code's, a project's or a contact's): replaced whole, or
   * removed when every name is empty.
   */
  async saveMapping(
    db: Db,
    companyId: number,
    subject: { costCodeId: number } | { projectId: number } | { contactId: number },
    names: {
      account?: string | null;
      accountCode?: string | null;
      item?: string | null;
      name?: string | null;
    },
  ): Promise<void> {
    const column =
      'costCodeId' in subject
        ? { col: accountingMappings.costCodeId, id: subject.costCodeId }
        : 'projectId' in subject
          ? { col: accountingMappings.projectId, id: subject.projectId }
          : { col: accountingMappings.contactId, id: subject.contactId };
    await db
      .delete(accountingMappings)
      .where(
        and(eq(accountingMappings.companyId, companyId), isNotNull(column.col), eq(column.col, column.id)),
      );
    const empty = Object.values(names).every((v) => v === null || v === undefined || v === '');
    if (empty) return;
    await db.insert(accountingMappings).values({
      companyId,
      ...subject,
      account: names.account || null,
      accountCode: names.accountCode || null,
      item: names.item || null,
      name: names.name || null,
    });
  },
};
