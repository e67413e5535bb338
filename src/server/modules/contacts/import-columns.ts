/**
 * Reading an imported contact list: which column holds which field, guessed from the header row,
 * and what the cells of the type and licence columns mean.
 */
import { CONTACT_IMPORT_FIELDS, type ContactImportField } from '../../../contracts/contacts-import.js';
import type { ContactType } from '../../../contracts/enums.js';

/** A header or cell as compared: lower case, every run of other characters than letters and digits one space. */
export function normalizeWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Headers that name a field exactly (after normalizing), as address books and trade lists write them. */
const EXACT_HEADERS: Record<ContactImportField, readonly string[]> = {
  name: ['name', 'full name', 'contact', 'contact name', 'contact person', 'person', 'display name'],
  company: ['company', 'company name', 'organization', 'organisation', 'business', 'business name', 'firm'],
  email: ['email', 'e mail', 'email address', 'e mail address', 'mail'],
  phone: ['phone', 'phone number', 'telephone', 'tel', 'mobile', 'cell', 'mobile phone', 'work phone'],
  type: ['type', 'contact type', 'category', 'role', 'kind', 'group'],
  specialties: [
    'trade',
    'trades',
    'specialty',
    'specialties',
    'speciality',
    'specialities',
    'skills',
    'services',
  ],
  licensed: ['license', 'licence', 'licensed', 'license number', 'licence number', 'license no', 'lic'],
  rating: ['rating', 'stars', 'score'],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks'],
};

/** Words that, anywhere in a header, point to a field when no header names it exactly. */
const HEADER_WORDS: Partial<Record<ContactImportField, RegExp>> = {
  email: /\be ?mail\b/,
  phone: /\b(phone|tel|telephone|mobile|cell)\b/,
  company: /\b(company|organi[sz]ation)\b/,
  specialties: /\b(trade|specialt(y|ies)|specialit(y|ies))\b/,
  licensed: /\blicen[cs]e/,
  type: /\b(type|category)\b/,
};

/**
 * The column of each field, guessed from the headers: a header that names the field exactly wins,
 * then one that contains a telling word; each column fills one field at most.
 */
export function guessColumns(headers: readonly string[]): Record<ContactImportField, number | null> {
  const normalized = headers.map(normalizeWords);
  const taken = new Set<number>();
  const result = Object.fromEntries(CONTACT_IMPORT_FIELDS.map((f) => [f, null])) as Record<
    ContactImportField,
    number | null
  >;
  const claim = (field: ContactImportField, matches: (header: string) => boolean) => {
    if (result[field] !== null) return;
    const index = normalized.findIndex((h, i) => !taken.has(i) && h !== '' && matches(h));
    if (index >= 0) {
      result[field] = index;
      taken.add(index);
    }
  };
  for (const field of CONTACT_IMPORT_FIELDS) claim(field, (h) => EXACT_HEADERS[field].includes(h));
  for (const field of CONTACT_IMPORT_FIELDS) {
    const words = HEADER_WORDS[field];
    if (words) claim(field, (h) => words.test(h));
  }
  return result;
}

/** Words an imported type cell may use for each contact type (singular; a plural `s` is dropped). */
const TYPE_WORDS: Record<ContactType, readonly string[]> = {
  client: ['client', 'customer', 'owner', 'homeowner'],
  subcontractor: ['subcontractor', 'sub contractor', 'sub', 'contractor', 'trade', 'trade partner'],
  vendor: ['vendor', 'supplier', 'supply', 'distributor'],
  architect: ['architect', 'designer', 'architecture'],
};

/**
 * The contact type a cell names, the default type for an empty cell, or null for a word that names
 * no type.
 */
export function readContactType(cell: string, defaultType: ContactType): ContactType | null {
  const word = normalizeWords(cell);
  if (!word) return defaultType;
  const singular = word.endsWith('s') ? word.slice(0, -1) : word;
  for (const [type, words] of Object.entries(TYPE_WORDS) as [ContactType, readonly string[]][]) {
    if (words.includes(word) || words.includes(singular)) return type;
  }
  return null;
}

const NOT_LICENSED = ['', 'no', 'n', 'false', '0', 'none', 'unlicensed', 'not licensed', 'na', 'n a'];
const LICENSED = ['yes', 'y', 'true', '1', 'x', 'licensed', 'licenced'];

/**
 * A licence cell: yes/no words, or a licence number, which means licensed and is kept (as written)
 * so it can go into the notes.
 */
export function readLicensed(cell: string): { licensed: boolean; number: string | null } {
  const word = normalizeWords(cell);
  if (NOT_LICENSED.includes(word) || cell.trim() === '-') return { licensed: false, number: null };
  if (LICENSED.includes(word) || cell.trim() === '✓') return { licensed: true, number: null };
  return { licensed: true, number: cell.trim() };
}

/** A cell as the export wrote it: the apostrophe that kept a spreadsheet from running it as a formula is taken off. */
export function plainCell(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
