import { type ContactDto, contactKey } from '@/contracts/contacts';
import type { ContactType } from '@/contracts/enums';

export type ContactTab = 'all' | ContactType;

/** The tabs of the contact list, in order. */
export const CONTACT_TABS: readonly { value: ContactTab; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'client', label: 'Clients' },
  { value: 'subcontractor', label: 'Contractors' },
  { value: 'vendor', label: 'Vendors' },
  { value: 'architect', label: 'Architects' },
];

/** The words a search looks in: name, company, email and the trades. */
function searchableText(contact: ContactDto): string {
  return [contact.name, contact.company, contact.email, contact.specialty, ...contact.specialties]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
}

/**
 * The contacts of a tab whose name, company, email or trades contain every word of the search
 * (ignoring case), in the list's order.
 */
export function filterContacts(
  contacts: readonly ContactDto[],
  tab: ContactTab,
  search: string,
): ContactDto[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return contacts.filter(
    (c) => (tab === 'all' || c.type === tab) && words.every((w) => searchableText(c).includes(w)),
  );
}

/** Another contact with the same name and email (ignoring case and spacing), if there is one. */
export function findDuplicate(
  contacts: readonly ContactDto[],
  name: string,
  email: string,
  exceptId?: number,
): ContactDto | undefined {
  if (!name.trim() || !email.trim()) return undefined;
  const key = contactKey(name, email);
  return contacts.find((c) => c.id !== exceptId && contactKey(c.name, c.email) === key);
}
