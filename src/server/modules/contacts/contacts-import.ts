/**
 * Importing a contact list (CSV or .xlsx). A preview reads the file with a column mapping (sent, or
 * guessed from the headers) and tells, row by row, what would be created, which rows are invalid and
 * why, and which are duplicates to be skipped; it writes nothing. A commit does the same reading and
 * creates the new contacts in one transaction: all of them or, on any failure, none.
 */

import { CONTACT_TYPE_FIELDS, contactKey, createContactBody } from '../../../contracts/contacts.js';
import {
  CONTACT_IMPORT_FIELDS,
  type ContactImportDto,
  type ContactImportField,
  type ContactImportMapping,
  type ContactImportMode,
  type ContactImportRowDto,
} from '../../../contracts/contacts-import.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { createExtractSandbox, type ExtractSandbox } from '../../providers/extract/sandbox.js';
import { newContactValues } from './contact-values.js';
import { contactsRepo, type NewContact } from './contacts.repo.js';
import { guessColumns, plainCell, readContactType, readLicensed } from './import-columns.js';
import { type ImportFile, type ImportTable, readImportTable } from './import-table.js';

export interface ContactImportRequest {
  file: ImportFile;
  mode: ContactImportMode;
  /** The mapping chosen by the user; without one the columns are guessed from the headers. */
  mapping: ContactImportMapping | undefined;
}

/** How much of a cell the preview shows back. */
const PREVIEW_CELL_CHARS = 200;

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The mapping to use: the one sent (each column must exist in the file) or the guessed one. */
function mappingFor(table: ImportTable, sent: ContactImportMapping | undefined): ContactImportMapping {
  if (!sent) return { columns: guessColumns(table.headers), defaultType: 'client' };
  const errors: Record<string, string> = {};
  for (const field of CONTACT_IMPORT_FIELDS) {
    const column = sent.columns[field];
    if (column !== undefined && column !== null && column >= table.headers.length) {
      errors[`mapping.columns.${field}`] = `The file has no column ${column + 1}`;
    }
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors, 'invalid_mapping');
  return sent;
}

interface PlannedRow {
  dto: ContactImportRowDto;
  values?: NewContact;
}

/** One row read through the mapping: its cells by field, its type, and its contact or its errors. */
function readRow(
  cells: readonly string[],
  mapping: ContactImportMapping,
  userId: string,
): Omit<ContactImportRowDto, 'line' | 'status' | 'reason'> & { contact?: NewContact } {
  const values: Partial<Record<ContactImportField, string>> = {};
  for (const field of CONTACT_IMPORT_FIELDS) {
    const column = mapping.columns[field];
    if (column !== undefined && column !== null) values[field] = plainCell(cells[column] ?? '');
  }
  const shown = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, v.slice(0, PREVIEW_CELL_CHARS)]),
  );
  const type = readContactType(values.type ?? '', mapping.defaultType);
  if (!type) {
    return {
      values: shown,
      type: null,
      errors: {
        type: `"${values.type}" is not a contact type: use client, subcontractor, vendor or architect`,
      },
    };
  }
  // Only what the type keeps is read: a client's rating cell cannot make the row invalid.
  const fields = CONTACT_TYPE_FIELDS[type];
  const licence = fields.licensed ? readLicensed(values.licensed ?? '') : { licensed: false, number: null };
  const notes = [values.notes, licence.number ? `License: ${licence.number}` : ''].filter(Boolean).join('\n');
  const parsed = createContactBody.safeParse({
    name: values.name ?? '',
    company: values.company,
    email: values.email ?? '',
    phone: values.phone,
    type,
    rating: fields.rating ? (values.rating ?? null) : null,
    licensed: licence.licensed,
    specialties: fields.specialties && values.specialties ? [values.specialties] : undefined,
    notes,
  });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'row')] ??= issue.message;
    return { values: shown, type, errors };
  }
  return { values: shown, type, errors: {}, contact: newContactValues(parsed.data, userId) };
}

/** Every row's outcome against the company's contacts and the rows above it. */
function planRows(
  table: ImportTable,
  mapping: ContactImportMapping,
  existing: readonly { name: string; email: string }[],
  userId: string,
): PlannedRow[] {
  const known = new Set(existing.map((c) => contactKey(c.name, c.email)));
  const earlier = new Map<string, number>();
  return table.rows.map(({ line, cells }) => {
    const { contact, ...read } = readRow(cells, mapping, userId);
    if (!contact) return { dto: { ...read, line, status: 'invalid', reason: null } };
    const key = contactKey(contact.name, contact.email);
    const first = earlier.get(key);
    if (known.has(key) || first !== undefined) {
      const reason = known.has(key) ? 'Already in your contacts' : `Same as row ${first}`;
      return { dto: { ...read, line, status: 'duplicate', reason } };
    }
    earlier.set(key, line);
    return { dto: { ...read, line, status: 'new', reason: null }, values: contact };
  });
}

function answer(
  request: ContactImportRequest,
  table: ImportTable,
  mapping: ContactImportMapping,
  planned: PlannedRow[],
  created: number,
): ContactImportDto {
  const rows = planned.map((p) => p.dto);
  const count = (status: ContactImportRowDto['status']) => rows.filter((r) => r.status === status).length;
  return {
    mode: request.mode,
    fileName: request.file.fileName,
    columns: table.headers,
    mapping,
    rows,
    summary: {
      rows: rows.length,
      new: count('new'),
      invalid: count('invalid'),
      duplicate: count('duplicate'),
      created,
    },
  };
}

export function contactImportService(ctx: AppContext) {
  const { db } = ctx;
  // Workbooks are read in a reader process of their own, started on the first .xlsx imported.
  let sandbox: ExtractSandbox | undefined;
  const readWorkbook = async (file: ImportFile) => {
    sandbox ??= createExtractSandbox({
      workers: 1,
      maxWaiting: 10,
      workerScript: ctx.config.ingestion.readerScript,
    });
    const result = await sandbox.run(
      file.bytes,
      { fileName: file.fileName, mimeType: XLSX_MIME },
      { maxBytes: ctx.config.maxUploadBytes, maxPdfPages: 1, ocrPageTimeoutMs: 1 },
      {
        recognize: () => Promise.reject(new Error('a contact list is never read by text recognition')),
      },
    );
    return result.content;
  };

  const plan = async (tx: Db, tenant: Tenant, request: ContactImportRequest, table: ImportTable) => {
    const mapping = mappingFor(table, request.mapping);
    const existing = await contactsRepo.identities(tx, tenant.companyId);
    return { mapping, planned: planRows(table, mapping, existing, tenant.userId) };
  };

  return {
    async run(tenant: Tenant, request: ContactImportRequest): Promise<ContactImportDto> {
      const table = await readImportTable(request.file, readWorkbook);
      if (request.mode === 'preview') {
        const { mapping, planned } = await plan(db, tenant, request, table);
        return answer(request, table, mapping, planned, 0);
      }
      return db.transaction(async (tx) => {
        await contactsRepo.lockForDuplicateCheck(tx, tenant.companyId);
        const { mapping, planned } = await plan(tx, tenant, request, table);
        const fresh = planned.flatMap((p) => (p.values ? [p.values] : []));
        const created = await contactsRepo.insertMany(tx, tenant.companyId, fresh);
        return answer(request, table, mapping, planned, created);
      });
    },

    async close() {
      await sandbox?.close();
      sandbox = undefined;
    },
  };
}
