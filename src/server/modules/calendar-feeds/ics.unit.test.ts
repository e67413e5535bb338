import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, type IcsEvent, serializeCalendar } from './ics.js';

const STAMP = new Date('2026-04-08T09:30:05.123Z');

function calendar(events: IcsEvent[]) {
  return serializeCalendar({
    prodId: '-//Babe//Construction Manager//EN',
    name: 'Summit Builders, tasks',
    stamp: STAMP,
    refreshHours: 1,
    events,
  });
}

/** The calendar read back by ical.js, a maintained parser. */
function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text));
  return {
    component,
    events: component.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)),
  };
}

const byteLength = (s: string) => Buffer.byteLength(s, 'utf8');

describe('escapeText', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b; c', 'a\\, b\\; c'],
    ['back\\slash', 'back\\\\slash'],
    ['two\nlines', 'two\\nlines'],
    ['windows\r\nbreak and old\rmac', 'windows\\nbreak and old\\nmac'],
    ['tab\tkept, bell\u0007 dropped', 'tab\tkept\\, bell dropped'],
    ['colon: and "quotes" stay', 'colon: and "quotes" stay'],
  ])('%j → %j', (value, escaped) => {
    expect(escapeText(value)).toBe(escaped);
  });
});

describe('foldLine', () => {
  it.each([
    ['a short line', 'x'.repeat(20)],
    ['exactly 75 octets', 'x'.repeat(75)],
    ['76 octets', 'x'.repeat(76)],
    ['a long ASCII line', `SUMMARY:${'word '.repeat(60)}`],
    ['three-octet characters across the edge', `SUMMARY:${'—'.repeat(70)}`],
    ['four-octet characters', `SUMMARY:${'🏗️'.repeat(40)}`],
  ])('%s: lines of at most 75 octets that unfold to the original', (_label, line) => {
    const folded = foldLine(line);
    const lines = folded.split('\r\n');
    for (const l of lines) expect(byteLength(l)).toBeLessThanOrEqual(75);
    for (const l of lines.slice(1)) expect(l.startsWith(' ')).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(lines.length > 1).toBe(byteLength(line) > 75);
  });
});

describe('serializeCalendar', () => {
  const events: IcsEvent[] = [
    {
      uid: 'task-12@babe.example',
      startDay: '2026-04-06',
      endDay: '2026-04-08',
      summary: 'Maple Street: Frame walls, north; "east" side \\ level 2',
      description: 'Status: In Progress\nAssigned to: Zenith Drywall — crew B',
      url: 'https://babe.example/projects/3/tasks/12',
    },
    { uid: 'task-13@babe.example', startDay: '2026-12-31', endDay: '2026-12-31', summary: 'Year end' },
    {
      uid: 'task-14@babe.example',
      startDay: '2026-05-02',
      endDay: '2026-05-01',
      summary: `Long ${'é'.repeat(120)} name`,
    },
  ];
  const text = calendar(events);

  it('writes CRLF lines of at most 75 octets', () => {
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('parses as iCalendar with all-day events, the end the day after the last day', () => {
    const { component, events: read } = parse(text);
    expect(component.getFirstPropertyValue('version')).toBe('2.0');
    expect(component.getFirstPropertyValue('prodid')).toBe('-//Babe//Construction Manager//EN');
    // A non-standard property is TEXT for calendar apps; ical.js leaves its value as written.
    expect(component.getFirstPropertyValue('x-wr-calname')).toBe('Summit Builders\\, tasks');
    expect(
      read.map((e) => [e.uid, e.startDate.isDate, e.startDate.toString(), e.endDate.toString()]),
    ).toEqual([
      ['task-12@babe.example', true, '2026-04-06', '2026-04-09'],
      ['task-13@babe.example', true, '2026-12-31', '2027-01-01'],
      // Ending before it starts: the first day alone.
      ['task-14@babe.example', true, '2026-05-02', '2026-05-03'],
    ]);
  });

  it('keeps the texts as given, escaped and folded', () => {
    const { events: read } = parse(text);
    expect(read.map((e) => e.summary)).toEqual(events.map((e) => e.summary));
    expect(read[0]?.description).toBe(events[0]?.description);
    expect(read[0]?.component.getFirstPropertyValue('url')).toBe(events[0]?.url);
    const stamps = read.map((e) => e.component.getFirstPropertyValue('dtstamp')?.toString());
    expect(stamps).toEqual(Array(3).fill('2026-04-08T09:30:05Z'));
  });

  it('writes an empty calendar', () => {
    const { events: read } = parse(calendar([]));
    expect(read).toEqual([]);
  });
});
