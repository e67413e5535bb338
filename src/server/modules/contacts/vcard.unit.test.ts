import { describe, expect, it } from 'vitest';
import type { ContactDto } from '../../../contracts/contacts.js';
import { contactVCard, escapeText, foldLine, MAX_LINE_OCTETS } from './vcard.js';

const contact: ContactDto = {
  id: 7,
  name: 'Dave Kowalski',
  company: 'Front Range Plumbing',
  email: 'dave@frontrange.example',
  phone: '303-555-0177',
  type: 'subcontractor',
  rating: 4.5,
  licensed: true,
  specialty: 'Plumbing',
  specialties: ['Plumbing', 'Gas lines'],
  notes: null,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const octets = (s: string) => Buffer.byteLength(s, 'utf8');

describe('escapeText', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', 'a\\,b'],
    ['a;b', 'a\\;b'],
    ['back\\slash', 'back\\\\slash'],
    ['one\ntwo\r\nthree\rfour', 'one\\ntwo\\nthree\\nfour'],
    ['\\,;', '\\\\\\,\\;'],
  ])('%j → %j', (value, escaped) => {
    expect(escapeText(value)).toBe(escaped);
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets whole and folds the 76th onto a line starting with a space', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('keeps every physical line within 75 octets, the leading space counted', () => {
    const folded = foldLine(`NOTE:${'y'.repeat(300)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBe(5);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(MAX_LINE_OCTETS);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(`NOTE:${'y'.repeat(300)}`);
  });

  it('never cuts a character of several octets', () => {
    for (const char of ['é', '€', '😀']) {
      const line = `NOTE:${char.repeat(100)}`;
      const folded = foldLine(line);
      for (const physical of folded.split('\r\n')) {
        expect(octets(physical)).toBeLessThanOrEqual(MAX_LINE_OCTETS);
        expect(physical).not.toContain('\uFFFD');
      }
      expect(folded.replace(/\r\n /g, '')).toBe(line);
    }
  });
});

describe('contactVCard', () => {
  it('writes a vCard 4.0 with the contact fields, in CRLF lines', () => {
    expect(contactVCard(contact)).toBe(
      [
        'BEGIN:VCARD',
        'VERSION:4.0',
        'PRODID:-//Babe//Construction Manager//EN',
        'KIND:individual',
        'FN:Dave Kowalski',
        'N:Kowalski;Dave;;;',
        'ORG:Front Range Plumbing',
        'ROLE:Subcontractor',
        'EMAIL;TYPE=work:dave@frontrange.example',
        'TEL;TYPE=work:303-555-0177',
        'CATEGORIES:Plumbing,Gas lines',
        'NOTE:Rating: 4.5 / 5\\nLicensed contractor',
        'END:VCARD',
        '',
      ].join('\r\n'),
    );
  });

  it('leaves out what the contact does not have, and escapes what it has', () => {
    const card = contactVCard({
      ...contact,
      name: 'Cher',
      company: null,
      phone: null,
      type: 'client',
      rating: null,
      licensed: false,
      specialties: [],
      notes: 'Gate code: 1234; ring twice, then wait',
    });
    expect(card).toContain('\r\nFN:Cher\r\nN:;Cher;;;\r\nROLE:Client\r\n');
    expect(card).toContain('\r\nNOTE:Gate code: 1234\\; ring twice\\, then wait\r\n');
    for (const absent of ['ORG:', 'TEL', 'CATEGORIES:']) expect(card).not.toContain(absent);
    const org = contactVCard({ ...contact, company: 'Smith; Sons, Inc.', specialties: ['HVAC, R&D'] });
    expect(org).toContain('\r\nORG:Smith\\; Sons\\, Inc.\r\n');
    expect(org).toContain('\r\nCATEGORIES:HVAC\\, R&D\r\n');
  });
});
