/**
 * Primavera P6 XER text → tables. XER is tab-separated: an `ERMHDR` line, then per table a
 * `%T name` line, a `%F field…` line and `%R value…` rows, ending with `%E`.
 */

/** One XER row, by field name (missing trailing values read as ''). */
export type XerRow = Readonly<Record<string, string>>;

/** All tables of a file, by table name. */
export type XerTables = ReadonlyMap<string, readonly XerRow[]>;

/** The tables, or why the text is not XER. */
export type XerTablesResult = { ok: true; tables: XerTables } | { ok: false; error: string };

/**
 * Splits XER text into tables. The caller decodes the bytes (P6 writes Windows-1252 or UTF-8).
 * Fails with a message on text that is not XER or has rows before their field list.
 */
export function parseXerTables(text: string): XerTablesResult {
  const lines = text.split(/\r?\n/);
  const firstLine = lines.find((line) => line.trim() !== '') ?? '';
  if (!firstLine.replace(/^\uFEFF/, '').startsWith('ERMHDR')) {
    return { ok: false, error: 'This is not a Primavera XER file (it does not start with ERMHDR).' };
  }
  const tables = new Map<string, XerRow[]>();
  let name: string | null = null;
  let fields: string[] | null = null;
  let rows: XerRow[] = [];
  for (let n = 0; n < lines.length; n++) {
    const cells = (lines[n] ?? '').split('\t');
    const marker = cells[0];
    if (marker === '%T') {
      name = (cells[1] ?? '').trim();
      fields = null;
      rows = tables.get(name) ?? [];
      tables.set(name, rows);
    } else if (marker === '%F') {
      if (name === null)
        return { ok: false, error: `XER line ${n + 1}: a field list (%F) before any table (%T).` };
      fields = cells.slice(1).map((field) => field.trim());
    } else if (marker === '%R') {
      if (fields === null)
        return { ok: false, error: `XER line ${n + 1}: a row (%R) before its field list (%F).` };
      rows.push(rowOf(fields, cells));
    } else if (marker === '%E') {
      break;
    }
  }
  if (tables.size === 0) return { ok: false, error: 'The XER file holds no tables.' };
  return { ok: true, tables };
}

function rowOf(fields: readonly string[], cells: readonly string[]): XerRow {
  const row: Record<string, string> = {};
  for (let i = 0; i < fields.length; i++) row[fields[i] as string] = cells[i + 1] ?? '';
  return row;
}
