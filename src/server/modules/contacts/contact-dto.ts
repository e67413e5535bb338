import type { ContactDto } from '../../../contracts/contacts.js';
import type { ContactRow } from './contacts.repo.js';

export function toContactDto(row: ContactRow): ContactDto {
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    email: row.email,
    phone: row.phone,
    type: row.type,
    rating: row.rating === null ? null : Number(row.rating),
    licensed: row.licensed,
    specialty: row.specialty,
    specialties: row.specialties,
    notes: row.notes,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}
