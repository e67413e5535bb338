/**
 * The review's corrections as the API takes them, checked against the estimate domain's own lists and
 * handed to the reader in the domain's shape.
 */
import type {
  CORRECTED_ROLES,
  CORRECTED_SHEETS,
  EstimateCorrectionsBody,
} from '../../../contracts/estimate-review.js';
import {
  type CorrectedRole,
  type CorrectedSheet,
  type EstimateCorrections,
  TRADES,
  type Trade,
} from '../../../domain/estimate/types.js';
import { badRequest } from '../../errors.js';

// The contract's lists and the domain's types name the same roles and sheet kinds, both ways.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type ListsAgree = Holds<
  Same<(typeof CORRECTED_ROLES)[number], CorrectedRole> &
    Same<(typeof CORRECTED_SHEETS)[number], CorrectedSheet>
>;

const isTrade = (value: string): value is Trade => (TRADES as readonly string[]).includes(value);

/** The corrections in the reader's shape; a trade the plan does not know is a 400 naming the line. */
export function toEstimateCorrections(body: EstimateCorrectionsBody | undefined): EstimateCorrections {
  if (!body) return {};
  const lines: NonNullable<EstimateCorrections['lines']> = {};
  for (const [line, { role, trade }] of Object.entries(body.lines ?? {})) {
    if (trade !== undefined && !isTrade(trade)) {
      throw badRequest(`Line ${line}: "${trade}" is not a trade the plan knows`, {
        [`corrections.lines.${line}.trade`]: 'Unknown trade',
      });
    }
    lines[line] = { ...(role ? { role } : {}), ...(trade ? { trade } : {}) };
  }
  return {
    ...(Object.keys(lines).length > 0 ? { lines } : {}),
    ...(body.sheets && Object.keys(body.sheets).length > 0 ? { sheets: { ...body.sheets } } : {}),
    ...(body.optionsAfter != null ? { optionsAfter: body.optionsAfter } : {}),
    ...(body.statedTotal != null ? { statedTotal: body.statedTotal } : {}),
  };
}
