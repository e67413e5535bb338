/**
 * The review's reconciliation panel in figures: the planned work, allowances and charges against the
 * document's total the reader compares them with, the difference and its share of that total, and the
 * reader's own verdict (`matches`: within 0.5%). Pure; the verdict is the domain's, never recomputed.
 */
import type { EstimateReconciliation } from '@/domain/estimate/types';

export interface ReconciliationFigures {
  planned: number;
  allowances: number;
  charges: number;
  /** Planned work + allowances + charges. */
  read: number;
  /** Read but not planned nor counted (options, other models, repeats, recaps…). */
  excluded: number;
  against: { label: string; value: number } | null;
  /** `against − read`, when there is a total to compare with. */
  difference: number | null;
  /** The difference as a percentage of the total compared with. */
  percent: number | null;
  status: 'reconciles' | 'differs' | 'no-total';
}

export function reconciliationFigures(r: EstimateReconciliation | undefined): ReconciliationFigures {
  const planned = r?.plannedTotal ?? 0;
  const allowances = r?.allowanceTotal ?? 0;
  const charges = r?.chargesTotal ?? 0;
  const against =
    r?.against && r.against.value !== null ? { label: r.against.label, value: r.against.value } : null;
  const difference = against ? (r?.difference ?? against.value - (planned + allowances + charges)) : null;
  return {
    planned,
    allowances,
    charges,
    read: planned + allowances + charges,
    excluded: r?.excludedTotal ?? 0,
    against,
    difference,
    percent:
      against && against.value !== 0 && difference !== null ? (difference / against.value) * 100 : null,
    status: !against || r?.matches == null ? 'no-total' : r.matches ? 'reconciles' : 'differs',
  };
}

/** `7.69%`, `0%`, `< 0.01%`. */
export function formatPercent(percent: number): string {
  const size = Math.abs(percent);
  if (size === 0) return '0%';
  if (size < 0.01) return '< 0.01%';
  return `${size.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}
