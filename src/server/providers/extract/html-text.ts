/**
 * The text of the simple HTML mammoth writes for a Word document: block elements (paragraphs,
 * headings, list items) as lines, table rows as one line of tab-joined cells.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code =
        e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

const BLOCK = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'br',
  'ul',
  'ol',
  'div',
  'blockquote',
  'pre',
]);

export function htmlToText(html: string): string {
  const lines: string[] = [];
  let line = '';
  /** Open tables: each holds the cells of its current row. */
  const tables: { cells: string[]; cell: string }[] = [];
  const append = (s: string) => {
    const t = tables[tables.length - 1];
    if (t) t.cell += s;
    else line += s;
  };
  const breakLine = () => {
    const t = tables[tables.length - 1];
    if (t) {
      // Paragraphs inside a cell are joined by a space: the row stays one line.
      if (t.cell && !t.cell.endsWith(' ')) t.cell += ' ';
      return;
    }
    lines.push(line.replace(/[ \t]+/g, ' ').trim());
    line = '';
  };
  const tagRe = /<(\/?)([a-zA-Z0-9]+)[^>]*?(\/?)>|([^<]+)/g;
  for (const m of html.matchAll(tagRe)) {
    const [, closing, rawName, , textPart] = m;
    if (textPart !== undefined) {
      append(decodeEntities(textPart).replace(/[\t\r\n\u00a0]+/g, ' '));
      continue;
    }
    const name = (rawName ?? '').toLowerCase();
    if (name === 'table') {
      if (!closing) {
        if (tables.length > 0 || line.trim()) breakLine();
        tables.push({ cells: [], cell: '' });
      } else {
        tables.pop();
      }
    } else if (name === 'tr') {
      const t = tables[tables.length - 1];
      if (!t) continue;
      if (closing) {
        const row = t.cells.map((c) => c.replace(/\s+/g, ' ').trim());
        while (row.length > 0 && row[row.length - 1] === '') row.pop();
        const text = row.join('\t');
        const outer = tables[tables.length - 2];
        // A table inside a cell: its rows become part of that cell.
        if (outer) outer.cell += ` ${text.replace(/\t/g, ' ')}`;
        else lines.push(text);
      }
      t.cells = [];
      t.cell = '';
    } else if (name === 'td' || name === 'th') {
      const t = tables[tables.length - 1];
      if (!t) continue;
      if (closing) {
        t.cells.push(t.cell);
        t.cell = '';
      } else {
        t.cell = '';
      }
    } else if (BLOCK.has(name)) {
      if (closing || name === 'br') breakLine();
    }
  }
  breakLine();
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
