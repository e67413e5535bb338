/**
 * How long a line's work takes a crew: quantity over the crew's daily output when both are known,
 * else the labour share of its cost over the cost of a crew-day; and working days from crew-days.
 */
import { parseUnit } from './numbers.js';
import {
  CREW_DAY_COST,
  CREW_SPAN_TARGET_DAYS,
  HEAVY_CIVIL_TRADES,
  LABOUR_SHARE,
  MAX_PARALLEL_CREWS,
  PRODUCTIVITY,
  TRADE_DEFAULT_WORK,
  TRADE_DURATION_BOUNDS,
  type UnitFamily,
  type WorkKind,
} from './rates.js';
import type { EstimateDocument, Trade } from './types.js';

/** Currency of the crew-day table: the document's, else guessed from its units (for rates only). */
export function crewCurrency(doc: EstimateDocument): 'USD' | 'INR' {
  if (doc.currency === 'INR') return 'INR';
  if (doc.currency) return 'USD';
  let metric = 0;
  let imperial = 0;
  for (const item of doc.items) {
    const u = item.unit ? parseUnit(item.unit) : null;
    if (!u) continue;
    if (['sqm', 'cum', 'm', 'kg', 't'].includes(u.unit)) metric += 1;
    if (['sf', 'sy', 'cy', 'cf', 'lf', 'ton', 'lb'].includes(u.unit)) imperial += 1;
  }
  return metric > imperial ? 'INR' : 'USD';
}

/** Crew-days of one line and how they were reached. */
export interface LineEffort {
  crewDays: number;
  basis: 'quantity' | 'cost' | 'none';
  quantityBase: number;
  family: UnitFamily | null;
  rate: number;
}

/** Crew-days a line needs: quantity ÷ daily output when both are known, else labour share of its cost ÷ crew-day cost. */
export function lineEffort(
  trade: Trade,
  work: WorkKind | null,
  quantity: number | null,
  unit: string | null,
  amount: number | null,
  currency: 'USD' | 'INR',
): LineEffort {
  if (quantity !== null && quantity > 0 && unit) {
    const u = parseUnit(unit);
    const kind = work ?? TRADE_DEFAULT_WORK[trade] ?? null;
    if (u && u.family === 'time') {
      return {
        crewDays: quantity * u.toBase,
        basis: 'quantity',
        quantityBase: quantity * u.toBase,
        family: 'time',
        rate: 1,
      };
    }
    const rate = u && kind ? PRODUCTIVITY[kind][u.family] : undefined;
    if (u && rate && rate > 0) {
      const base = quantity * u.toBase;
      return { crewDays: base / rate, basis: 'quantity', quantityBase: base, family: u.family, rate };
    }
  }
  if (amount !== null && amount > 0) {
    const crewDay = HEAVY_CIVIL_TRADES.has(trade)
      ? CREW_DAY_COST[currency].heavyCivil
      : CREW_DAY_COST[currency].building;
    return {
      crewDays: (amount * LABOUR_SHARE[trade]) / crewDay,
      basis: 'cost',
      quantityBase: 0,
      family: null,
      rate: crewDay,
    };
  }
  return { crewDays: 0, basis: 'none', quantityBase: 0, family: null, rate: 0 };
}

/** Working days from crew-days: more crews for big trades, then the trade's bounds. */
export function durationFromCrewDays(trade: Trade, crewDays: number): { days: number; crews: number } {
  const bounds = TRADE_DURATION_BOUNDS[trade];
  const crews = Math.min(MAX_PARALLEL_CREWS, Math.max(1, Math.ceil(crewDays / CREW_SPAN_TARGET_DAYS)));
  const days = Math.ceil(crewDays / crews - 1e-9);
  return { days: Math.min(bounds.max, Math.max(bounds.min, days)), crews };
}

export function clampDuration(trade: Trade, days: number): number {
  const bounds = TRADE_DURATION_BOUNDS[trade];
  return Math.min(bounds.max, Math.max(bounds.min, Math.round(days)));
}
