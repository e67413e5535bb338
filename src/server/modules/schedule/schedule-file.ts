/**
 * An uploaded schedule file → the domain's {@link ScheduleImport}: the bytes decoded, the format
 * recognised by content (MSPDI XML or Primavera XER, whatever the file is called), parsed, read,
 * and the costs the file states collected per activity. Refusals are answers for the user:
 * malformed XML or XER 400, not a schedule file 415, a file the readers refuse 422.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  parseXerTables,
  readMspdi,
  readXer,
  type ScheduleImport,
  type XerTables,
} from '../../../domain/schedule/index.js';
import { AppError, badRequest, unprocessable } from '../../errors.js';

/** A read file and the costs it states, in cents, by the activity's external id. */
export interface ScheduleFile {
  imported: ScheduleImport;
  costCents: ReadonlyMap<string, number>;
}

/** Reads an uploaded schedule file (see the module comment); throws the answer when it cannot. */
export function readScheduleFile(bytes: Uint8Array): ScheduleFile {
  const text = decode(bytes);
  const head = text.trimStart();
  if (head.startsWith('ERMHDR')) return readXerFile(text);
  if (head.startsWith('<')) return readXmlFile(text);
  throw new AppError(
    415,
    'unsupported_schedule_file',
    'The file is neither an MS Project XML (MSPDI) file nor a Primavera P6 XER export.',
  );
}

/** UTF-8 or UTF-16 by byte-order mark; else UTF-8, or Windows-1252 when it is not valid UTF-8 (P6 writes both). */
function decode(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

const malformed = (message: string) => badRequest(message, undefined, 'malformed_schedule_file');
const refused = (message: string) => unprocessable('invalid_schedule_file', message);

// ---------------------------------------------------------------- MS Project XML

type XmlObject = Record<string, unknown>;

function readXmlFile(text: string): ScheduleFile {
  // No schedule file declares entities; refusing them rules out entity-expansion attacks.
  if (/<!ENTITY/i.test(text))
    throw malformed('The XML declares entities (<!ENTITY>), which are not accepted.');
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw malformed(`The XML is malformed: ${msg} (line ${line}, column ${col}).`);
  }
  const document: unknown = new XMLParser({ parseTagValue: false }).parse(text);
  const read = readMspdi(document);
  if (!read.ok) throw refused(read.error.message);
  return { imported: read.value, costCents: mspdiCosts(document, read.value) };
}

/** MSPDI `Cost` of each imported task; MSPDI writes currency in hundredths (cents). */
function mspdiCosts(document: unknown, imported: ScheduleImport): Map<string, number> {
  const costs = new Map<string, number>();
  const project = objectAt(document, 'Project');
  const rows = objectAt(project, 'Tasks')?.Task;
  const ids = new Set(imported.tasks.map((t) => t.externalId));
  for (const row of Array.isArray(rows) ? rows : [rows]) {
    if (!isObject(row)) continue;
    const uid = String(row.UID ?? '').trim();
    const cost = Number(String(row.Cost ?? '').trim() || Number.NaN);
    if (ids.has(uid) && Number.isFinite(cost) && cost > 0) costs.set(uid, Math.round(cost));
  }
  return costs;
}

function isObject(value: unknown): value is XmlObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectAt(value: unknown, key: string): XmlObject | undefined {
  if (!isObject(value)) return undefined;
  const child = value[key];
  return isObject(child) ? child : undefined;
}

// ---------------------------------------------------------------- Primavera XER

function readXerFile(text: string): ScheduleFile {
  const tables = parseXerTables(text);
  if (!tables.ok) throw malformed(`The XER file is malformed: ${tables.error}`);
  const read = readXer(text);
  if (!read.ok) throw refused(read.error.message);
  return { imported: read.value, costCents: xerCosts(tables.tables, read.value) };
}

/**
 * Planned costs of each imported activity: its resource assignments (TASKRSRC) and its expenses
 * (PROJCOST), `target_cost` in the file's currency, for the project `readXer` reads (the first).
 */
function xerCosts(tables: XerTables, imported: ScheduleImport): Map<string, number> {
  const projectId = tables.get('PROJECT')?.[0]?.proj_id;
  const ids = new Set(imported.tasks.map((t) => t.externalId));
  const costs = new Map<string, number>();
  for (const table of ['TASKRSRC', 'PROJCOST']) {
    for (const row of tables.get(table) ?? []) {
      const taskId = row.task_id ?? '';
      const cost = Number(row.target_cost || Number.NaN);
      if (row.proj_id !== projectId || !ids.has(taskId) || !Number.isFinite(cost) || cost <= 0) continue;
      costs.set(taskId, (costs.get(taskId) ?? 0) + Math.round(cost * 100));
    }
  }
  return costs;
}
