/**
 * The vocabulary of the construction-sequence graph: an edge (what a package waits for, how, and
 * why) and the helpers the graph's declarations are written with.
 */
import { CONCRETE_CURE_LAG_DAYS } from './rates.js';
import type { LinkType } from './types.js';

export interface Pred {
  from: string;
  type: LinkType;
  lag: number;
  /** Why the successor waits for `from`. */
  reason: string;
  /**
   * Only when `from` is in the plan: its absence lifts the condition (no ceiling tile to wait for,
   * no order to deliver) instead of passing the wait on to what `from` itself would wait for.
   */
  onlyIfPresent?: boolean;
}

export interface SequenceNode {
  key: string;
  /** What the key stands for in a sentence ("the foundations"), for links that pass over it. */
  label: string;
  preds: readonly Pred[];
}

export const fs = (from: string, reason: string, lag = 0): Pred => ({ from, type: 'FS', lag, reason });
export const ss = (from: string, reason: string, lag = 0): Pred => ({ from, type: 'SS', lag, reason });

export const node = (key: string, label: string, ...preds: Pred[]): SequenceNode => ({ key, label, preds });
export const ifThere = (pred: Pred): Pred => ({ ...pred, onlyIfPresent: true });

/** Ordering starts at contract signing, while the permits are reviewed: procurement runs beside them. */
export const ordered = (what: string) =>
  ss('permits', `${what} are ordered at contract signing, while the permits are under review`);
export const delivered = (from: string, what: string) =>
  ifThere(fs(from, `${what} are installed once they are delivered`));

/** The foundation cure, in words. */
export const CURE = `${CONCRETE_CURE_LAG_DAYS} working days`;
