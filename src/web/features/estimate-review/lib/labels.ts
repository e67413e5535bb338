/** The review's words for the reader's dispositions, the roles a user gives a line and what a sheet is. */
import { CORRECTED_ROLES, CORRECTED_SHEETS } from '@/contracts/estimate-review';
import type { LineDisposition } from '@/domain/estimate/types';
import type { CorrectedRole, CorrectedSheet } from './corrections';

export const DISPOSITION_LABELS: Record<LineDisposition, string> = {
  work: 'Work',
  allowance: 'Allowance',
  charge: 'Charge',
  total: 'Total',
  subtotal: 'Subtotal',
  recap: 'Recap',
  duplicate: 'Repeat',
  alternate: 'Alternate',
  option: 'Option',
  exclusion: 'Excluded',
  'other-bidder': 'Other bidder',
  'other-model': 'Other model',
  measurement: 'Measurement',
  unclear: 'Unclear',
};

/** The dispositions the plan carries (work becomes tasks; allowances are budget). */
export const PLANNED_DISPOSITIONS: ReadonlySet<string> = new Set(['work', 'allowance']);

export const dispositionLabel = (disposition: string) =>
  DISPOSITION_LABELS[disposition as LineDisposition] ?? disposition;

export const ROLE_LABELS: Record<CorrectedRole, string> = {
  work: 'Work (a task)',
  allowance: 'Allowance (no task)',
  charge: 'Charge (markup, tax)',
  option: 'Option (not in the bid)',
  exclusion: 'Excluded',
  recap: 'Recap of other lines',
  ignore: 'Ignore (no amount)',
};

export const ROLE_OPTIONS = CORRECTED_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export const SHEET_LABELS: Record<CorrectedSheet, string> = {
  ignore: 'Ignore this sheet',
  'other-model': 'This sheet is another model',
  duplicate: 'This sheet repeats another',
};

export const SHEET_OPTIONS = CORRECTED_SHEETS.map((what) => ({ value: what, label: SHEET_LABELS[what] }));
