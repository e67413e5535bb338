/**
 * A parameterised statement (`... where id = $1`) written out with its values as SQL literals, so that
 * it can travel with other statements in one simple-protocol message: one round trip and one
 * implicit transaction for the tenant's settings and the statement (see scoped-pglite.ts). A literal
 * of no stated type is typed from where it stands, as a parameter is; values are converted to text
 * the way node-postgres converts parameters, then quoted by its escaping.
 */
import { createRequire } from 'node:module';
import pg from 'pg';

const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as {
  prepareValue(value: unknown): string | Buffer | null;
};

/** A value as the SQL literal a parameter would have carried. */
export function sqlLiteral(value: unknown): string {
  const prepared = prepareValue(value);
  if (prepared === null) return 'NULL';
  if (Buffer.isBuffer(prepared)) return `'\\x${prepared.toString('hex')}'`;
  return pg.escapeLiteral(String(prepared)).trim();
}

const IDENTIFIER_CHAR = /[A-Za-z0-9_$]/;
const PLACEHOLDER = /\$(\d+)/y;
const DOLLAR_TAG = /\$([A-Za-z_][A-Za-z0-9_]*)?\$/y;

/** Where the quoted text opened at `start` (a `'` or `"`) ends, just past its closing quote. */
function endOfQuoted(text: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (backslashEscapes && c === '\\') i += 2;
    else if (c === quote && text[i + 1] === quote) i += 2;
    else if (c === quote) return i + 1;
    else i += 1;
  }
  throw new Error('unterminated quoted text in a statement');
}

/** Whether the `'` at `at` opens an escape string (`E'…'`, where a backslash escapes). */
function isEscapeString(text: string, at: number): boolean {
  const prefix = text[at - 1];
  return (prefix === 'E' || prefix === 'e') && !IDENTIFIER_CHAR.test(text[at - 2] ?? ' ');
}

/** Where the comment, quoted text or dollar-quoted text starting at `i` ends, or -1 when none starts there. */
function endOfVerbatim(text: string, i: number): number {
  const c = text[i];
  if (c === "'") return endOfQuoted(text, i, "'", isEscapeString(text, i));
  if (c === '"') return endOfQuoted(text, i, '"', false);
  if (c === '-' && text[i + 1] === '-') {
    const end = text.indexOf('\n', i);
    return end === -1 ? text.length : end;
  }
  if (c === '/' && text[i + 1] === '*') {
    const end = text.indexOf('*/', i + 2);
    if (end === -1) throw new Error('unterminated comment in a statement');
    return end + 2;
  }
  if (c === '$' && !IDENTIFIER_CHAR.test(text[i - 1] ?? ' ')) {
    DOLLAR_TAG.lastIndex = i;
    const tag = DOLLAR_TAG.exec(text);
    if (tag) {
      const end = text.indexOf(tag[0], i + tag[0].length);
      if (end === -1) throw new Error('unterminated dollar-quoted text in a statement');
      return end + tag[0].length;
    }
  }
  return -1;
}

/**
 * Whether `text` is one statement (a `;` outside quotes and comments ends it, with nothing but blanks
 * after): PREPARE takes one statement, and would run the rest of the text at once.
 */
export function isOneStatement(text: string): boolean {
  let i = 0;
  let ended = false;
  while (i < text.length) {
    const verbatimEnd = endOfVerbatim(text, i);
    const isComment = text.startsWith('--', i) || text.startsWith('/*', i);
    if (verbatimEnd !== -1) {
      if (ended && !isComment) return false;
      i = verbatimEnd;
      continue;
    }
    const c = text[i] ?? '';
    if (c === ';') ended = true;
    else if (ended && !/\s/.test(c)) return false;
    i += 1;
  }
  return true;
}

/** `text` with each placeholder `$n` outside quotes and comments replaced by the literal of `values[n-1]`. */
export function inlineParams(text: string, values: readonly unknown[]): string {
  if (values.length === 0) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const verbatimEnd = endOfVerbatim(text, i);
    if (verbatimEnd !== -1) {
      out += text.slice(i, verbatimEnd);
      i = verbatimEnd;
      continue;
    }
    if (text[i] === '$' && !IDENTIFIER_CHAR.test(text[i - 1] ?? ' ')) {
      PLACEHOLDER.lastIndex = i;
      const placeholder = PLACEHOLDER.exec(text);
      if (placeholder) {
        const n = Number(placeholder[1]);
        if (n < 1 || n > values.length) throw new Error(`no value for the placeholder $${n}`);
        out += sqlLiteral(values[n - 1]);
        i += placeholder[0].length;
        continue;
      }
    }
    out += text[i];
    i += 1;
  }
  return out;
}
