/**
 * A contact as a vCard 4.0 (RFC 6350). Written here rather than with a library: the ones at hand
 * either write vCard 3 only or leave a semicolon in ORG unescaped, which splits a company name such
 * as "Smith; Sons" into two units when read back.
 *
 * Text values escape backslash, comma, semicolon and line breaks; lines end in CRLF and are folded
 * so that no line is longer than 75 octets of UTF-8, never inside a character.
 */
import { CONTACT_TYPE_LABELS, type ContactDto } from '../../../contracts/contacts.js';

/** The longest a line may be, in octets, line break excluded. */
export const MAX_LINE_OCTETS = 75;

/** A text value (or one unit of a compound value such as N or ORG), escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds a content line: after every 75 octets a CRLF and one space, the space counting towards the
 * next line's 75. Characters (code points) are never cut; a combining mark may start a line, as the
 * standard allows.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > MAX_LINE_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/**
 * The structured name from the one name field: the last word as the family name, the words before
 * it as given names ("Dave Kowalski" → Kowalski; Dave). Address books that sort by N need it; FN
 * keeps the name exactly as written.
 */
function structuredName(name: string): string {
  const words = name.trim().split(/\s+/);
  const family = words.length > 1 ? (words.pop() ?? '') : '';
  return [family, words.join(' '), '', '', ''].map(escapeText).join(';');
}

/** What the contact's rating and licence say, for the note. */
function tradeNote(contact: ContactDto): string[] {
  const lines: string[] = [];
  if (contact.rating !== null) lines.push(`Rating: ${contact.rating.toFixed(1)} / 5`);
  if (contact.licensed) lines.push('Licensed contractor');
  return lines;
}

export function contactVCard(contact: ContactDto): string {
  const lines = ['BEGIN:VCARD', 'VERSION:4.0', 'PRODID:-//Babe//Construction Manager//EN', 'KIND:individual'];
  lines.push(`FN:${escapeText(contact.name)}`);
  lines.push(`N:${structuredName(contact.name)}`);
  if (contact.company) lines.push(`ORG:${escapeText(contact.company)}`);
  lines.push(`ROLE:${escapeText(CONTACT_TYPE_LABELS[contact.type])}`);
  lines.push(`EMAIL;TYPE=work:${escapeText(contact.email)}`);
  if (contact.phone) lines.push(`TEL;TYPE=work:${escapeText(contact.phone)}`);
  if (contact.specialties.length > 0) {
    lines.push(`CATEGORIES:${contact.specialties.map(escapeText).join(',')}`);
  }
  const note = [...tradeNote(contact), ...(contact.notes ? [contact.notes] : [])].join('\n');
  if (note) lines.push(`NOTE:${escapeText(note)}`);
  lines.push('END:VCARD');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
