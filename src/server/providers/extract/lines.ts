/**
 * Rebuilding visual lines from positioned text (PDF text items, OCR words): items on the same
 * baseline become one line, left to right, and wide horizontal gaps (table columns) become runs of
 * two or more spaces so the columns stay apart.
 */

/** One piece of text in page space: x to the right, y downwards (top-left origin), in points or pixels. */
export interface PositionedText {
  text: string;
  x: number;
  /** Baseline (PDF) or vertical centre (OCR) of the text. */
  y: number;
  width: number;
  /** Font size or box height. */
  height: number;
}

/** A gap wider than this many average character widths separates columns. */
const COLUMN_GAP_CHARS = 1.6;
/** A gap narrower than this many character widths joins pieces without a space. */
const JOIN_GAP_CHARS = 0.15;
/** Items whose baselines differ by less than this share of their height are on the same line. */
const SAME_LINE_SHARE = 0.5;
/** The most spaces a column gap becomes (keeps lines short on wide pages). */
const MAX_GAP_SPACES = 12;

function charWidth(item: PositionedText): number {
  const chars = item.text.length;
  const measured = chars > 0 && item.width > 0 ? item.width / chars : 0;
  // Fallback when an item carries no width: half the font size is a typical average glyph width.
  return measured > 0 ? measured : Math.max(item.height * 0.5, 1);
}

/** Groups items into lines (top to bottom), each sorted left to right. */
export function groupLines(items: readonly PositionedText[]): PositionedText[][] {
  const visible = items.filter(
    (i) => i.text.trim().length > 0 && Number.isFinite(i.x) && Number.isFinite(i.y),
  );
  const sorted = [...visible].sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: { y: number; height: number; items: PositionedText[] }[] = [];
  for (const item of sorted) {
    const last = lines[lines.length - 1];
    const tolerance = Math.max(Math.min(last?.height ?? 0, item.height || 0) * SAME_LINE_SHARE, 1);
    if (last && Math.abs(item.y - last.y) <= tolerance) {
      last.items.push(item);
      // Keep the line's baseline as the running average so a drifting scan still groups.
      last.y = (last.y * (last.items.length - 1) + item.y) / last.items.length;
      last.height = Math.max(last.height, item.height);
    } else {
      lines.push({ y: item.y, height: item.height, items: [item] });
    }
  }
  return lines.map((l) => l.items.sort((a, b) => a.x - b.x));
}

/** Joins the items of one line, turning gaps into nothing, one space, or a column gap of ≥ 2 spaces. */
export function joinLine(items: readonly PositionedText[]): string {
  let out = '';
  let end: number | undefined;
  let cw = 0;
  for (const item of items) {
    const text = item.text.replace(/\s+/g, ' ');
    const w = charWidth(item);
    if (end === undefined) {
      out = text;
    } else {
      const unit = Math.max((cw + w) / 2, 0.01);
      const gapChars = (item.x - end) / unit;
      const endsWithSpace = out.endsWith(' ');
      const startsWithSpace = text.startsWith(' ');
      if (gapChars >= COLUMN_GAP_CHARS) {
        out =
          out.trimEnd() +
          ' '.repeat(Math.min(Math.max(Math.round(gapChars), 2), MAX_GAP_SPACES)) +
          text.trimStart();
      } else if (gapChars > JOIN_GAP_CHARS && !endsWithSpace && !startsWithSpace) {
        out += ` ${text}`;
      } else {
        out += text;
      }
    }
    end = Math.max(end ?? Number.NEGATIVE_INFINITY, item.x + item.width);
    cw = w;
  }
  return out.trimEnd();
}

/** The text of a page: one line per visual line, blank lines dropped. */
export function rebuildLines(items: readonly PositionedText[]): string {
  return groupLines(items)
    .map(joinLine)
    .filter((l) => l.trim().length > 0)
    .join('\n');
}
