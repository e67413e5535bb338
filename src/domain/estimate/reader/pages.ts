/**
 * Page furniture of a printed estimate: the letterhead, title and footer lines every page repeats.
 * The first occurrence is read (its facts, its table header); the repeats are blanked so they
 * neither become section headings nor break an item that runs over a page. Line numbers are kept.
 */
import { parseRow } from '../rows.js';
import { PAGE_FURNITURE_RE } from './structure.js';

/** Lines at the top (or bottom) of a page that count as its furniture. */
const TOP_ZONE = 8;
const BOTTOM_ZONE = 3;

/** The text's lines (`\f` is a line break too), with the page each line is on. */
export function splitPages(text: string): { lines: string[]; page: number[] } {
  const parts = text.replace(/\r\n?/g, '\n').split(/(\n|\f)/);
  const lines: string[] = [];
  const page: number[] = [];
  let current = 0;
  for (let i = 0; i < parts.length; i += 2) {
    lines.push(parts[i] ?? '');
    page.push(current);
    if (parts[i + 1] === '\f') current += 1;
  }
  return { lines, page };
}

export function blankPageFurniture(lines: string[], page: readonly number[]): void {
  const pages = (page[page.length - 1] ?? 0) + 1;
  if (pages < 3 || lines.some((l) => /^##\s*sheet:/i.test(l.trim()))) return;
  const zone = new Map<number, number[]>();
  lines.forEach((l, i) => {
    if (!l.trim()) return;
    const p = page[i] ?? 0;
    zone.set(p, [...(zone.get(p) ?? []), i]);
  });
  const seen = new Map<string, Set<number>>();
  for (const [p, idx] of zone) {
    for (const i of [...idx.slice(0, TOP_ZONE), ...idx.slice(-BOTTOM_ZONE)]) {
      const key = (lines[i] ?? '').trim().replace(/\s+/g, ' ');
      if (!seen.has(key)) seen.set(key, new Set());
      seen.get(key)?.add(p);
    }
  }
  // Only lines without figures: a priced line repeated at the top of every page is work.
  const furniture = new Set(
    [...seen]
      .filter(([key, on]) => on.size >= 3 && on.size >= pages / 2 && parseRow(key).numbers.length === 0)
      .map(([key]) => key),
  );
  if (furniture.size === 0) return;
  const first = new Set<string>();
  lines.forEach((l, i) => {
    const key = l.trim().replace(/\s+/g, ' ');
    if (!furniture.has(key)) return;
    if (!first.has(key)) first.add(key);
    else lines[i] = '';
  });
}

const CONTENTS_TITLE_RE =
  /^(?:table of contents|contents|index|inhalt|inhaltsverzeichnis|[ií]ndice|sommaire|table des mati[eè]res)\b/i;
/** A header row whose last column is the page a part starts on (`OZ   Ebene   Seite`). */
const PAGE_COLUMN_RE = /\s{2,}(?:page|pages|pg\.?|seite|p[aá]gina|p\.)\s*$/i;
/** `2.4   Beton- und Stahlbetonarbeiten   42`, `Section 3 ........ 14`: a part and its page. */
const CONTENTS_ROW_RE = /^\s*\S.*?[a-zà-ÿ].*?(?:\s{2,}|\.{3,}\s*|…+\s*)(\d{1,4})\s*$/i;

/**
 * A table of contents: under its title or a header with a page column, the rows ending in the
 * page their part starts on (in page order, within the document) are blanked: those numbers are
 * pages, not amounts. Its rows run to the end of its page.
 */
export function blankContents(lines: string[], page: readonly number[]): void {
  const pages = (page[page.length - 1] ?? 0) + 1;
  const last = pages + 2;
  lines.forEach((line, start) => {
    const text = line.trim();
    if (/\d/.test(text) || !(CONTENTS_TITLE_RE.test(text) || PAGE_COLUMN_RE.test(line))) return;
    let previous = 0;
    for (let i = start + 1; i < lines.length && page[i] === page[start]; i++) {
      const n = Number(CONTENTS_ROW_RE.exec(lines[i] ?? '')?.[1] ?? Number.NaN);
      if (!(n >= previous && n <= last)) continue;
      previous = n;
      lines[i] = '';
    }
  });
}

/**
 * A line with page furniture (`Page 2 of 3`, `Página 15`): null when it is nothing else, else what
 * follows it (`8/31/2021 12:48:02 PM   Page 2 of 3SCOPE   BRICK …`: a footer glued to the next
 * page's first line).
 */
export function withoutFooter(line: string): string | null {
  const m = PAGE_FURNITURE_RE.exec(line);
  if (!m) return line;
  const rest = line.slice(m.index + m[0].length).replace(/^[\s.\-–]*/, '');
  if (/[a-z]{2}/i.test(rest)) return rest;
  // A title printed letter-spaced (`C O N T R A C T   P R O P O S A L`) is short once its spaces are read.
  return line.trim().replace(/\s+/g, ' ').length < 80 ? null : line;
}
