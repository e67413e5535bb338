/**
 * Decoding of P6's `CALENDAR.clndr_data`, a nested parenthesised format:
 *
 *     (0||CalendarData()(
 *       (0||DaysOfWeek()( (0||1()()) (0||2()( (0||0(s|08:00|f|12:00)()) (0||1(s|13:00|f|17:00)()) )) … ))
 *       (0||Exceptions()( (0||0(d|44557)()) (0||1(d|36982)( (0||0(s|08:00|f|12:00)()) )) … ))))
 *
 * Every node is `(flag||name(key|value|key|value…)(children…))`. Days of the week are numbered
 * 1 = Sunday … 7 = Saturday; an exception's `d` is a day number counted from 1899-12-30 (the
 * spreadsheet date serial), with no periods for a day off or its own periods for a worked day.
 */
import type { CalendarException, WorkPeriod } from '../calendar.js';
import { isoDateOfSerial, parseClockTime } from '../iso-date.js';

/** One node of the tree. */
export interface ClndrNode {
  name: string;
  params: Readonly<Record<string, string>>;
  children: ClndrNode[];
}

/** A decoded P6 calendar. */
export interface XerCalendarData {
  /** Periods for each weekday, index 0 = Sunday … 6 = Saturday. */
  week: WorkPeriod[][];
  /** Dates off (no periods) and worked dates with their own periods. */
  exceptions: CalendarException[];
}

/** Day serial (days since 1970-01-01) of P6 day number 0, 1899-12-30. */
const P6_DAY_ZERO = -25_569;

/** The `'YYYY-MM-DD'` of a P6 day number. */
export function dateOfP6DayNumber(dayNumber: number): string {
  return isoDateOfSerial(P6_DAY_ZERO + dayNumber);
}

/** Parses the tree; `null` when the text is not in the format. */
export function parseClndrData(text: string): ClndrNode | null {
  const parser = new TreeParser(text.replace(/\x7f/g, ' '));
  try {
    return parser.node();
  } catch {
    return null;
  }
}

/** Decodes work weeks and exceptions; `null` when the text is not in the format. */
export function decodeClndrData(text: string): XerCalendarData | null {
  const root = parseClndrData(text);
  if (!root) return null;
  const week: WorkPeriod[][] = [[], [], [], [], [], [], []];
  const daysOfWeek = findChild(root, 'DaysOfWeek');
  for (const day of daysOfWeek?.children ?? []) {
    const weekday = Number(day.name) - 1;
    if (Number.isInteger(weekday) && weekday >= 0 && weekday < 7) week[weekday] = periodsOf(day);
  }
  const exceptionsNode = findChild(root, 'Exceptions') ?? findChild(root, 'HolidayOrExceptions');
  const exceptions: CalendarException[] = [];
  for (const exception of exceptionsNode?.children ?? []) {
    const dayNumber = Number(exception.params.d);
    if (!Number.isInteger(dayNumber)) continue;
    exceptions.push({ date: dateOfP6DayNumber(dayNumber), periods: periodsOf(exception) });
  }
  return { week, exceptions };
}

function findChild(node: ClndrNode, name: string): ClndrNode | undefined {
  if (node.name === name) return node;
  for (const child of node.children) {
    const found = findChild(child, name);
    if (found) return found;
  }
  return undefined;
}

/** The `s|start|f|finish` children of a day, as ordered periods. */
function periodsOf(day: ClndrNode): WorkPeriod[] {
  const periods: WorkPeriod[] = [];
  for (const child of day.children) {
    const start = parseClockTime(child.params.s ?? '');
    const finish = parseClockTime(child.params.f ?? '');
    if (start === null || finish === null) continue;
    periods.push({ start, end: periodEnd(start, finish) });
  }
  return periods.sort((a, b) => a.start - b.start);
}

/** A finish of 00:00 ends at midnight; older P6 versions write block ends as hh:29 or hh:59. */
function periodEnd(start: number, finish: number): number {
  if (finish <= start) return 1440;
  return finish % 30 === 29 ? finish + 1 : finish;
}

class TreeParser {
  private at = 0;

  constructor(private readonly text: string) {}

  node(): ClndrNode {
    this.expect('(');
    this.readUntil('||');
    this.at += 2;
    const name = this.readUntil('(').trim();
    this.at += 1;
    const params = paramsOf(this.readUntil(')'));
    this.at += 1;
    this.expect('(');
    const children: ClndrNode[] = [];
    while (this.peek() === '(') children.push(this.node());
    this.expect(')');
    this.expect(')');
    return { name, params, children };
  }

  private peek(): string {
    while (this.at < this.text.length && /\s/.test(this.text.charAt(this.at))) this.at++;
    return this.text.charAt(this.at);
  }

  private expect(char: string): void {
    if (this.peek() !== char) throw new SyntaxError(`Expected "${char}" at ${this.at}`);
    this.at++;
  }

  private readUntil(token: string): string {
    const end = this.text.indexOf(token, this.at);
    if (end < 0) throw new SyntaxError(`Expected "${token}" after ${this.at}`);
    const value = this.text.slice(this.at, end);
    this.at = end;
    return value;
  }
}

function paramsOf(text: string): Record<string, string> {
  const parts = text.split('|');
  const params: Record<string, string> = {};
  for (let i = 0; i + 1 < parts.length; i += 2)
    params[(parts[i] as string).trim()] = (parts[i + 1] as string).trim();
  return params;
}
