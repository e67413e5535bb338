import { z } from 'zod';
import { CONTACT_TYPES, type ContactType } from './enums.js';

/** API paths of the contact network, shared by the server routes and the web client. */
export const contactPaths = {
  list: '/api/contacts',
  byType: '/api/contacts/by-type',
  one: (id: number | string) => `/api/contacts/${id}`,
  vcard: (id: number | string) => `/api/contacts/${id}.vcf`,
  exportCsv: '/api/contacts/export.csv',
  import: '/api/contacts/import',
} as const;

/** A contact type as people read it (badges, the CSV export, vCard roles). */
export const CONTACT_TYPE_LABELS: Record<ContactType, string> = {
  client: 'Client',
  subcontractor: 'Subcontractor',
  vendor: 'Vendor',
  architect: 'Architect',
};

/**
 * Which of the trade fields a contact type carries. A rating and trades (specialty, specialties)
 * belong to the people who do the work, subcontractors and vendors; only a subcontractor is a
 * licensed contractor. Clients and architects carry none of them.
 */
export const CONTACT_TYPE_FIELDS: Record<
  ContactType,
  { rating: boolean; specialties: boolean; licensed: boolean }
> = {
  client: { rating: false, specialties: false, licensed: false },
  subcontractor: { rating: true, specialties: true, licensed: true },
  vendor: { rating: true, specialties: true, licensed: false },
  architect: { rating: false, specialties: false, licensed: false },
};

/** The trade fields a contact may hold, as they are stored. */
export interface ContactTradeFields {
  rating: number | null;
  licensed: boolean;
  specialty: string | null;
  specialties: string[];
}

/** The trade fields with those that do not belong to the type cleared (not kept hidden). */
export function keepFieldsOfType(type: ContactType, fields: ContactTradeFields): ContactTradeFields {
  const allowed = CONTACT_TYPE_FIELDS[type];
  return {
    rating: allowed.rating ? fields.rating : null,
    licensed: allowed.licensed ? fields.licensed : false,
    specialty: allowed.specialties ? fields.specialty : null,
    specialties: allowed.specialties ? fields.specialties : [],
  };
}

/** Characters that separate trades typed or imported together ("Framing, Drywall; Paint"). */
export const SPECIALTY_SEPARATORS = /[,;|]/;
export const MAX_SPECIALTY_LENGTH = 60;
export const MAX_SPECIALTIES = 20;

/**
 * A list of trades as it is kept: entries split at commas, semicolons and bars, trimmed, empty ones
 * dropped, and each trade once (the first spelling wins, compared without regard to case).
 */
export function splitSpecialties(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    for (const part of value.split(SPECIALTY_SEPARATORS)) {
      const trade = part.trim().replace(/\s+/g, ' ');
      const key = trade.toLowerCase();
      if (!trade || seen.has(key)) continue;
      seen.add(key);
      out.push(trade);
    }
  }
  return out;
}

/**
 * Two contacts are the same person when their names and emails match, ignoring case and the spaces
 * around and between words. Such a duplicate is warned about when typed and skipped when imported.
 */
export function contactKey(name: string, email: string): string {
  const clean = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  return `${clean(name)}\u0000${clean(email)}`;
}

const optionalText = (max: number, label: string) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .nullish()
    // An emptied field clears the value; a missing one leaves it as it is.
    .transform((v) => (v === undefined ? undefined : v || null));

const name = z
  .string({ message: 'Name is required' })
  .trim()
  .min(1, { message: 'Name is required' })
  .max(200, { message: 'Name must be at most 200 characters' });

/** A contact's email: required and valid. */
export const contactEmail = z
  .string({ message: 'Invalid email address' })
  .trim()
  .max(254, { message: 'Invalid email address' })
  .pipe(z.email({ message: 'Invalid email address' }));

const type = z.enum(CONTACT_TYPES, { message: 'Choose a contact type' });

const RATING_RANGE = 'Rating must be between 1 and 5';

/**
 * A new contact's rating: 1 to 5 in steps of 0.1, as a number or the text of a number input; empty
 * or null is no rating.
 */
export const createRating = z
  .union([z.number(), z.string()], { message: RATING_RANGE })
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined || value === null) return value;
    const text = String(value).trim();
    if (text === '') return null;
    const n = Number(text);
    if (!Number.isFinite(n) || n < 1 || n > 5) {
      ctx.addIssue({ code: 'custom', message: RATING_RANGE });
      return z.NEVER;
    }
    const tenths = n * 10;
    if (Math.abs(tenths - Math.round(tenths)) > 1e-9) {
      ctx.addIssue({ code: 'custom', message: 'Rating must be in steps of 0.1' });
      return z.NEVER;
    }
    return Math.round(tenths) / 10;
  });

const WHOLE_STARS = 'Rating must be whole stars from 1 to 5';

/** An edited contact's rating: whole stars 1 to 5, or null for no rating. */
export const editRating = z
  .number({ message: WHOLE_STARS })
  .int({ message: WHOLE_STARS })
  .min(1, { message: WHOLE_STARS })
  .max(5, { message: WHOLE_STARS })
  .nullish();

const specialties = z
  .array(
    z.string({ message: 'Each specialty must be text' }).max(MAX_SPECIALTY_LENGTH, {
      message: `A specialty must be at most ${MAX_SPECIALTY_LENGTH} characters`,
    }),
    { message: 'Specialties must be a list' },
  )
  .max(MAX_SPECIALTIES * 2, { message: `At most ${MAX_SPECIALTIES} specialties` })
  .transform(splitSpecialties)
  .refine((list) => list.length <= MAX_SPECIALTIES, { message: `At most ${MAX_SPECIALTIES} specialties` });

const contactFields = {
  name,
  company: optionalText(200, 'Company'),
  email: contactEmail,
  phone: optionalText(50, 'Phone'),
  type,
  licensed: z.boolean({ message: 'Licensed must be true or false' }),
  /** The main trade; the first of `specialties` once saved. */
  specialty: optionalText(MAX_SPECIALTY_LENGTH, 'Specialty'),
  /** Every trade of the contact; sending this or `specialty` rewrites both. */
  specialties,
  notes: optionalText(5000, 'Notes'),
};

/**
 * POST /api/contacts. Rating, specialty and specialties are kept only for subcontractors and vendors,
 * licensed only for subcontractors: sent for another type they are cleared.
 */
export const createContactBody = z.object({
  ...contactFields,
  rating: createRating,
  licensed: contactFields.licensed.default(false),
  specialties: specialties.optional(),
});
export type CreateContactBody = z.infer<typeof createContactBody>;
export type CreateContactInput = z.input<typeof createContactBody>;

/** PUT /api/contacts/{id}: any of the fields; the rating in whole stars. Same type rules as create. */
export const updateContactBody = z
  .object({ ...contactFields, rating: editRating })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });
export type UpdateContactBody = z.infer<typeof updateContactBody>;
export type UpdateContactInput = z.input<typeof updateContactBody>;

export const contactDto = z
  .object({
    id: z.number().int(),
    name: z.string(),
    company: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
    type: z.enum(CONTACT_TYPES),
    /** 1–5 in tenths; null without a rating (always null for clients and architects). */
    rating: z.number().nullable(),
    licensed: z.boolean(),
    specialty: z.string().nullable(),
    specialties: z.array(z.string()),
    notes: z.string().nullable(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Contact' });
export type ContactDto = z.infer<typeof contactDto>;

/** GET /api/contacts/by-type: the company's contacts in one list per type, each by name. */
export const contactsByTypeDto = z
  .object({
    clients: z.array(contactDto),
    subcontractors: z.array(contactDto),
    vendors: z.array(contactDto),
    architects: z.array(contactDto),
  })
  .meta({ id: 'ContactsByType' });
export type ContactsByTypeDto = z.infer<typeof contactsByTypeDto>;

/** The file answers of the export routes (CSV, vCard). */
export const contactFileResponse = z.string().meta({ description: 'The file, as an attachment' });
