/**
 * A company's cost codes as CSV: `code,name` rows, a header row optional. Reading refuses the whole
 * file with the row and the reason when any row is wrong, so a list is replaced whole or not at all.
 */
import { parse } from 'csv-parse/sync';
import { MAX_COST_CODE, MAX_COST_CODE_NAME, MAX_COST_CODES } from '../../../contracts/budget.js';
import { badRequest } from '../../errors.js';

export interface CsvCostCode {
  code: string;
  name: string;
}

const CODE_RE = /^[\w .\-/]+$/;
const HEADER_RE = /^(?:cost ?)?codes?$/i;

export function readCostCodesCsv(text: string): CsvCostCode[] {
  let rows: string[][];
  try {
    rows = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (err) {
    throw badRequest(`The file is not readable CSV: ${err instanceof Error ? err.message : String(err)}`, {
      file: 'Not readable CSV',
    });
  }
  if (rows[0] && HEADER_RE.test(rows[0][0] ?? '')) rows = rows.slice(1);
  if (rows.length === 0) throw badRequest('The file lists no cost codes', { file: 'No cost codes' });
  if (rows.length > MAX_COST_CODES)
    throw badRequest(`A company has at most ${MAX_COST_CODES} cost codes; the file lists ${rows.length}`, {
      file: 'Too many cost codes',
    });
  const seen = new Set<string>();
  return rows.map((row, i) => {
    const at = `Row ${i + 1}`;
    const code = (row[0] ?? '').trim();
    const name = (row[1] ?? '').trim();
    const refuse = (why: string) => badRequest(`${at}: ${why}`, { file: `${at}: ${why}` });
    if (!code) throw refuse('the code is empty');
    if (code.length > MAX_COST_CODE) throw refuse(`the code is longer than ${MAX_COST_CODE} characters`);
    if (!CODE_RE.test(code))
      throw refuse(`the code "${code}" may hold letters, digits, spaces and . - / _ only`);
    if (!name) throw refuse(`code ${code} has no name`);
    if (name.length > MAX_COST_CODE_NAME)
      throw refuse(`the name is longer than ${MAX_COST_CODE_NAME} characters`);
    if (seen.has(code.toLowerCase())) throw refuse(`the code ${code} is listed twice`);
    seen.add(code.toLowerCase());
    return { code, name };
  });
}
