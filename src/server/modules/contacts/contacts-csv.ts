/**
 * The contact list as CSV (RFC 4180), in the columns the import recognises, so an exported file
 * imports back as it was: a header row, one row per contact, lines ending in CRLF, and a UTF-8
 * byte-order mark so spreadsheet programs read accents right. Fields holding a comma, quote or line
 * break are quoted with their quotes doubled. A text a spreadsheet would run as a formula (starting
 * with =, +, -, @, tab or CR) is written after an apostrophe, which the import takes off again.
 */
import { CONTACT_TYPE_FIELDS, CONTACT_TYPE_LABELS, type ContactDto } from '../../../contracts/contacts.js';

export const CONTACTS_CSV_HEADER = [
  'Name',
  'Company',
  'Email',
  'Phone',
  'Type',
  'Specialties',
  'Licensed',
  'Rating',
  'Notes',
] as const;

/** A text that a spreadsheet would read as a formula, made plain text by a leading apostrophe. */
export function defuseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Quotes a field holding a comma, quote or line break, doubling its quotes. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function writeContactsCsv(contacts: readonly ContactDto[]): string {
  const lines = [CONTACTS_CSV_HEADER.join(',')];
  for (const c of contacts) {
    const fields = [
      c.name,
      c.company ?? '',
      c.email,
      c.phone ?? '',
      CONTACT_TYPE_LABELS[c.type],
      c.specialties.join('; '),
      CONTACT_TYPE_FIELDS[c.type].licensed ? (c.licensed ? 'Yes' : 'No') : '',
      c.rating === null ? '' : c.rating.toFixed(1),
      c.notes ?? '',
    ];
    lines.push(fields.map((f) => csvField(defuseFormula(f))).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
