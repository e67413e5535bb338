/**
 * The review's corrections as the user edits them: each edit gives a new corrections object in the
 * contract's shape (`estimateCorrectionsBody`), with nothing empty left in it, so what the page reads
 * with, what it sends and what the server stores are the same value.
 */
import type { CORRECTED_ROLES, CORRECTED_SHEETS, EstimateCorrectionsBody } from '@/contracts/estimate-review';

export type CorrectedRole = (typeof CORRECTED_ROLES)[number];
export type CorrectedSheet = (typeof CORRECTED_SHEETS)[number];
type LineCorrection = NonNullable<EstimateCorrectionsBody['lines']>[string];

/** The corrections without empty parts: no line without a role or trade, no empty maps, no nulls. */
export function tidyCorrections(corrections: EstimateCorrectionsBody): EstimateCorrectionsBody {
  const lines: Record<string, LineCorrection> = {};
  for (const [line, c] of Object.entries(corrections.lines ?? {})) {
    const kept: LineCorrection = {
      ...(c.role ? { role: c.role } : {}),
      ...(c.trade ? { trade: c.trade } : {}),
    };
    if (kept.role || kept.trade) lines[line] = kept;
  }
  const sheets = Object.fromEntries(Object.entries(corrections.sheets ?? {}).filter(([, what]) => what));
  return {
    ...(Object.keys(lines).length > 0 ? { lines } : {}),
    ...(Object.keys(sheets).length > 0 ? { sheets } : {}),
    ...(corrections.optionsAfter != null ? { optionsAfter: corrections.optionsAfter } : {}),
    ...(corrections.statedTotal != null ? { statedTotal: corrections.statedTotal } : {}),
  };
}

function withLine(
  corrections: EstimateCorrectionsBody,
  line: number,
  change: Partial<Record<keyof LineCorrection, string | undefined>>,
): EstimateCorrectionsBody {
  const key = String(line);
  const current = corrections.lines?.[key] ?? {};
  const next = { ...current, ...change } as LineCorrection;
  return tidyCorrections({ ...corrections, lines: { ...corrections.lines, [key]: next } });
}

/** The line's role; `undefined` takes the reading's own back. */
export function setLineRole(
  corrections: EstimateCorrectionsBody,
  line: number,
  role: CorrectedRole | undefined,
): EstimateCorrectionsBody {
  return withLine(corrections, line, { role });
}

/** The line's trade (a trade's key); `undefined` takes the reading's own back. */
export function setLineTrade(
  corrections: EstimateCorrectionsBody,
  line: number,
  trade: string | undefined,
): EstimateCorrectionsBody {
  return withLine(corrections, line, { trade });
}

/** What a whole sheet is; `undefined` reads it as the reader did. */
export function setSheet(
  corrections: EstimateCorrectionsBody,
  sheet: string,
  what: CorrectedSheet | undefined,
): EstimateCorrectionsBody {
  const sheets = { ...corrections.sheets };
  if (what) sheets[sheet] = what;
  else delete sheets[sheet];
  return tidyCorrections({ ...corrections, sheets });
}

/** Every line after `line` is an option; null: none is. */
export function setOptionsAfter(
  corrections: EstimateCorrectionsBody,
  line: number | null,
): EstimateCorrectionsBody {
  return tidyCorrections({ ...corrections, optionsAfter: line });
}

/** The document's total as the user reads it; null: the totals the reader found. */
export function setStatedTotal(
  corrections: EstimateCorrectionsBody,
  total: number | null,
): EstimateCorrectionsBody {
  return tidyCorrections({ ...corrections, statedTotal: total });
}

/** How many things the user corrected (lines, sheets, the options line, the total). */
export function correctionCount(corrections: EstimateCorrectionsBody): number {
  return (
    Object.keys(corrections.lines ?? {}).length +
    Object.keys(corrections.sheets ?? {}).length +
    (corrections.optionsAfter != null ? 1 : 0) +
    (corrections.statedTotal != null ? 1 : 0)
  );
}

/**
 * A total as the user types it: `134,400`, `134400.50`, `$ 134 400`; null for an empty field.
 * `undefined` when it is not a total the reader takes (zero, negative, not a number, too large).
 */
export function parseTotal(text: string): number | null | undefined {
  const cleaned = text.replace(/[\s,$€£₹]/g, '');
  if (cleaned === '') return null;
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) && value > 0 && value <= 1e15 ? value : undefined;
}
