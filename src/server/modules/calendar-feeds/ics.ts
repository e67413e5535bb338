/**
 * A small iCalendar (RFC 5545) writer for all-day events: what the task feeds need and nothing more.
 *
 * The `ics` package writes the same text but checks every event against a schema first, which took
 * seconds for a company's few thousand tasks; these rules are few enough to keep here, with tests
 * that read the output back with a maintained parser.
 *
 * - Lines end with CRLF and are folded at 75 octets of UTF-8 (a character is never split); a folded
 *   line goes on after one space.
 * - TEXT values escape backslash, semicolon and comma, and write line breaks as `\n`; other control
 *   characters, which TEXT may not hold, are dropped.
 * - An all-day event is `DTSTART;VALUE=DATE` on its first day and `DTEND;VALUE=DATE` on the day after
 *   its last (the end is exclusive).
 */

/** One all-day event, on the days `startDay` to `endDay` (`YYYY-MM-DD`, both included). */
export interface IcsEvent {
  /** Stable across feeds and refreshes: a calendar updates the event instead of adding another. */
  uid: string;
  startDay: string;
  endDay: string;
  summary: string;
  description?: string;
  url?: string;
}

export interface IcsCalendar {
  /** The product that wrote it, `-//Company//Product//EN`. */
  prodId: string;
  /** The name a calendar app shows for the subscription. */
  name: string;
  /** When the feed was written (every event's DTSTAMP). */
  stamp: Date;
  /** How often a subscribed calendar should look again, in hours. */
  refreshHours: number;
  events: readonly IcsEvent[];
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** Whether a character is a control character a value may not hold (a tab is allowed in TEXT). */
const isControl = (c: string, allowTab: boolean) => {
  const code = c.charCodeAt(0);
  return (code < 0x20 && !(allowTab && c === '\t')) || code === 0x7f;
};

const withoutControls = (value: string, allowTab: boolean) =>
  [...value].filter((c) => !isControl(c, allowTab)).join('');

/** A TEXT value: escapes `\ ; ,` and line breaks, drops other control characters. */
export function escapeText(value: string): string {
  const lines = value.split(/\r\n|\r|\n/).map((line) => withoutControls(line, true));
  return lines.map((line) => line.replace(/[\\;,]/g, (c) => `\\${c}`)).join('\\n');
}

const octets = (c: string) => {
  const code = c.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
};

/** A content line folded to at most 75 octets a line, continuation lines starting with one space. */
export function foldLine(line: string): string {
  let out = '';
  let used = 0;
  for (const c of line) {
    const size = octets(c);
    if (used + size > MAX_OCTETS) {
      out += `${CRLF} `;
      used = 1;
    }
    out += c;
    used += size;
  }
  return out;
}

/** `YYYYMMDD` of a calendar day; `days` later when given. */
function dateValue(day: string, days = 0): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) throw new RangeError(`not a day: ${day}`);
  return new Date(time + days * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
}

/** `YYYYMMDDTHHMMSSZ` of a moment. */
function utcValue(moment: Date): string {
  return `${moment.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

function eventLines(event: IcsEvent, stamp: string): string[] {
  // An event ending before it starts is written as its first day alone.
  const last = event.endDay < event.startDay ? event.startDay : event.endDay;
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${dateValue(event.startDay)}`,
    `DTEND;VALUE=DATE:${dateValue(last, 1)}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.url) lines.push(`URL:${withoutControls(event.url, false)}`);
  // Tasks take days but do not make anyone busy in free/busy searches.
  lines.push('TRANSP:TRANSPARENT', 'END:VEVENT');
  return lines;
}

/** The whole calendar as iCalendar text. */
export function serializeCalendar(calendar: IcsCalendar): string {
  const stamp = utcValue(calendar.stamp);
  const refresh = `PT${Math.max(1, Math.round(calendar.refreshHours))}H`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(calendar.prodId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(calendar.name)}`,
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
    `X-PUBLISHED-TTL:${refresh}`,
  ];
  for (const event of calendar.events) lines.push(...eventLines(event, stamp));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
