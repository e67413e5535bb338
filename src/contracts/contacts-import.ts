import { z } from 'zod';
import { CONTACT_TYPES } from './enums.js';

/** The contact fields a column of an imported file can fill, in the order the mapping shows them. */
export const CONTACT_IMPORT_FIELDS = [
  'name',
  'company',
  'email',
  'phone',
  'type',
  'specialties',
  'licensed',
  'rating',
  'notes',
] as const;
export type ContactImportField = (typeof CONTACT_IMPORT_FIELDS)[number];

/** How the mapping step names each field. */
export const CONTACT_IMPORT_FIELD_LABELS: Record<ContactImportField, string> = {
  name: 'Name',
  company: 'Company',
  email: 'Email',
  phone: 'Phone',
  type: 'Type',
  specialties: 'Trade / Specialty',
  licensed: 'License',
  rating: 'Rating',
  notes: 'Notes',
};

/** At most this many contacts (data rows) in one file. */
export const MAX_IMPORT_ROWS = 5000;
/** At most this many columns are read from a file. */
export const MAX_IMPORT_COLUMNS = 100;

const column = z
  .number({ message: 'A column is chosen by its number' })
  .int({ message: 'A column is chosen by its number' })
  .min(0, { message: 'No such column' })
  .max(MAX_IMPORT_COLUMNS - 1, { message: 'No such column' })
  .nullable();

/**
 * Which column (0-based, in the file's header row) fills each field; null or absent leaves the field
 * empty. Rows whose type cell is empty (or every row, without a type column) get `defaultType`.
 */
export const contactImportMapping = z
  .object({
    columns: z.object(
      Object.fromEntries(CONTACT_IMPORT_FIELDS.map((f) => [f, column.optional()])) as Record<
        ContactImportField,
        z.ZodOptional<typeof column>
      >,
    ),
    defaultType: z.enum(CONTACT_TYPES, { message: 'Choose a contact type' }).default('client'),
  })
  .meta({ id: 'ContactImportMapping' });
export type ContactImportMapping = z.infer<typeof contactImportMapping>;
export type ContactImportMappingInput = z.input<typeof contactImportMapping>;

export const CONTACT_IMPORT_MODES = ['preview', 'commit'] as const;
export type ContactImportMode = (typeof CONTACT_IMPORT_MODES)[number];

/**
 * POST /api/contacts/import, multipart/form-data: the file (CSV, or an Excel .xlsx workbook whose
 * first sheet is read), `mode` and, optionally, `mapping` as JSON text. Documentation only: the
 * server reads the parts as a stream.
 */
export const contactImportBody = z
  .object({
    file: z.file(),
    /** `preview` (the default) writes nothing; `commit` creates the new contacts in one transaction. */
    mode: z.enum(CONTACT_IMPORT_MODES).optional(),
    /** JSON of a ContactImportMapping; without it the columns are guessed from the headers. */
    mapping: z.string().optional(),
  })
  // The multipart parser leaves the parsed body empty (null): the parts are read as a stream.
  .nullish()
  .meta({
    description:
      'multipart/form-data: a part `file` (.csv or .xlsx, header row first), optional fields `mode` (preview | commit) and `mapping` (JSON)',
  });

export const CONTACT_IMPORT_STATUSES = ['new', 'invalid', 'duplicate'] as const;
export type ContactImportStatus = (typeof CONTACT_IMPORT_STATUSES)[number];

export const contactImportRowDto = z
  .object({
    /** The row's number in the file, the header row being 1 (as a spreadsheet numbers it). */
    line: z.number().int(),
    status: z.enum(CONTACT_IMPORT_STATUSES),
    /** The cells of the mapped columns, as text. */
    values: z.record(z.string(), z.string()),
    /** The contact type the row gets; null when its type cell names none. */
    type: z.enum(CONTACT_TYPES).nullable(),
    /** Why the row is invalid, per field. */
    errors: z.record(z.string(), z.string()),
    /** Why a duplicate is skipped: already a contact, or an earlier row of the file. */
    reason: z.string().nullable(),
  })
  .meta({ id: 'ContactImportRow' });
export type ContactImportRowDto = z.infer<typeof contactImportRowDto>;

export const contactImportDto = z
  .object({
    mode: z.enum(CONTACT_IMPORT_MODES),
    fileName: z.string(),
    /** The header row's labels (a blank header reads "Column N"). */
    columns: z.array(z.string()),
    /** The mapping used: the one sent, or the one guessed from the headers. */
    mapping: contactImportMapping,
    rows: z.array(contactImportRowDto),
    summary: z.object({
      rows: z.number().int(),
      new: z.number().int(),
      invalid: z.number().int(),
      duplicate: z.number().int(),
      /** Contacts written: 0 for a preview. */
      created: z.number().int(),
    }),
  })
  .meta({ id: 'ContactImport' });
export type ContactImportDto = z.infer<typeof contactImportDto>;
