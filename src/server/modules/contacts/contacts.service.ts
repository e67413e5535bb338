import {
  type ContactsByTypeDto,
  type CreateContactBody,
  contactKey,
  type UpdateContactBody,
} from '../../../contracts/contacts.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { toContactDto } from './contact-dto.js';
import { changedContactValues, newContactValues } from './contact-values.js';
import { type ContactRow, contactsRepo } from './contacts.repo.js';
import { writeContactsCsv } from './contacts-csv.js';
import { contactVCard } from './vcard.js';

export type { ContactRow };
export { toContactDto };

/**
 * For other modules: the company's contact with this id, its type included, or undefined when the
 * company has no such contact (another company's contact is not found either). `db` may be a
 * transaction.
 */
export function findContact(db: Db, companyId: number, contactId: number): Promise<ContactRow | undefined> {
  return contactsRepo.findById(db, companyId, contactId);
}

/**
 * For the projects module, inside its transaction: keeps a project's client as a client contact.
 * When the company already has that person (same name and email), that contact is kept and nothing
 * is added.
 */
export async function saveClientContact(
  db: Db,
  tenant: Tenant,
  input: { name: string; email: string },
): Promise<ContactRow> {
  await contactsRepo.lockForDuplicateCheck(db, tenant.companyId);
  const key = contactKey(input.name, input.email);
  const existing = (await contactsRepo.identities(db, tenant.companyId)).find(
    (c) => contactKey(c.name, c.email) === key,
  );
  if (existing) {
    const row = await contactsRepo.findById(db, tenant.companyId, existing.id);
    if (row) return row;
  }
  return contactsRepo.insert(
    db,
    tenant.companyId,
    newContactValues(
      {
        name: input.name,
        email: input.email,
        type: 'client',
        company: null,
        phone: null,
        rating: null,
        licensed: false,
        specialty: null,
        notes: null,
      },
      tenant.userId,
    ),
  );
}

/** A file answer: its name and content type (the routes send it as an attachment). */
export interface ContactDownload {
  fileName: string;
  contentType: string;
  body: string;
}

export function contactsService(ctx: AppContext) {
  const { db } = ctx;
  const get = async (tenant: Tenant, id: number) => {
    const row = await contactsRepo.findById(db, tenant.companyId, id);
    if (!row) throw notFound('contact');
    return row;
  };
  return {
    list: (tenant: Tenant) => contactsRepo.list(db, tenant.companyId),

    async byType(tenant: Tenant): Promise<ContactsByTypeDto> {
      const rows = (await contactsRepo.list(db, tenant.companyId)).map(toContactDto);
      return {
        clients: rows.filter((c) => c.type === 'client'),
        subcontractors: rows.filter((c) => c.type === 'subcontractor'),
        vendors: rows.filter((c) => c.type === 'vendor'),
        architects: rows.filter((c) => c.type === 'architect'),
      };
    },

    get,

    create: (tenant: Tenant, input: CreateContactBody) =>
      contactsRepo.insert(db, tenant.companyId, newContactValues(input, tenant.userId)),

    update(tenant: Tenant, id: number, input: UpdateContactBody) {
      return db.transaction(async (tx) => {
        const current = await contactsRepo.findById(tx, tenant.companyId, id);
        if (!current) throw notFound('contact');
        const row = await contactsRepo.update(tx, tenant.companyId, id, changedContactValues(input, current));
        if (!row) throw notFound('contact');
        return row;
      });
    },

    /**
     * Deletes the contact. Projects keep their client as text, and tasks keep the assignee's name,
     * so no record that named the contact loses it.
     */
    async delete(tenant: Tenant, id: number) {
      if (!(await contactsRepo.delete(db, tenant.companyId, id))) throw notFound('contact');
    },

    /** Every contact of the company as CSV, in the columns the import reads back. */
    async exportCsv(tenant: Tenant): Promise<ContactDownload> {
      const rows = await contactsRepo.list(db, tenant.companyId);
      return {
        fileName: 'contacts.csv',
        contentType: 'text/csv; charset=utf-8',
        body: writeContactsCsv(rows.map(toContactDto)),
      };
    },

    /** One contact as a vCard 4.0 file. */
    async vcard(tenant: Tenant, id: number): Promise<ContactDownload> {
      const contact = toContactDto(await get(tenant, id));
      return {
        fileName: `${contact.name}.vcf`,
        contentType: 'text/vcard; charset=utf-8',
        body: contactVCard(contact),
      };
    },
  };
}
