/**
 * What a create or an edit writes to a contact row: the trades list and its main trade kept in
 * step, and the fields that do not belong to the contact's type cleared.
 */
import {
  type ContactTradeFields,
  type CreateContactBody,
  keepFieldsOfType,
  splitSpecialties,
  type UpdateContactBody,
} from '../../../contracts/contacts.js';
import type { ContactRow, NewContact } from './contacts.repo.js';

/**
 * The trades a body sets, or undefined when it sets none. The main trade (`specialty`) leads the
 * list and is its first entry; sending either field rewrites both.
 */
function tradesOf(
  specialty: string | null | undefined,
  specialties: string[] | undefined,
): Pick<ContactTradeFields, 'specialty' | 'specialties'> | undefined {
  if (specialty === undefined && specialties === undefined) return undefined;
  const list = splitSpecialties([...(specialty ? [specialty] : []), ...(specialties ?? [])]);
  return { specialty: list[0] ?? null, specialties: list };
}

const ratingText = (rating: number | null) => (rating === null ? null : rating.toFixed(1));

export function newContactValues(input: CreateContactBody, createdBy: string | null): NewContact {
  const trades = tradesOf(input.specialty, input.specialties) ?? { specialty: null, specialties: [] };
  const kept = keepFieldsOfType(input.type, {
    rating: input.rating ?? null,
    licensed: input.licensed,
    ...trades,
  });
  return {
    name: input.name,
    company: input.company ?? null,
    email: input.email,
    phone: input.phone ?? null,
    type: input.type,
    notes: input.notes ?? null,
    ...kept,
    rating: ratingText(kept.rating),
    createdBy,
  };
}

/** The columns an edit changes; the trade fields are always rewritten under the (new) type's rules. */
export function changedContactValues(input: UpdateContactBody, current: ContactRow): Partial<NewContact> {
  const type = input.type ?? current.type;
  const trades = tradesOf(input.specialty, input.specialties) ?? {
    specialty: current.specialty,
    specialties: current.specialties,
  };
  const kept = keepFieldsOfType(type, {
    rating:
      input.rating !== undefined ? input.rating : current.rating === null ? null : Number(current.rating),
    licensed: input.licensed ?? current.licensed,
    ...trades,
  });
  const values: Partial<NewContact> = { ...kept, rating: ratingText(kept.rating), type };
  if (input.name !== undefined) values.name = input.name;
  if (input.email !== undefined) values.email = input.email;
  if (input.company !== undefined) values.company = input.company;
  if (input.phone !== undefined) values.phone = input.phone;
  if (input.notes !== undefined) values.notes = input.notes;
  return values;
}
