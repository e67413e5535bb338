/**
 * The cost type of an estimate's line, from its words: labour, material or equipment when the line
 * says so; the general contractor's own running costs, charges and contingencies are "other"; an
 * allowance is material (goods the client still chooses); a trade's priced work is a subcontract,
 * as it is on most jobs a contractor prices this way.
 */
import type { BudgetLineKind, CostType } from './cost-codes.js';

const LABOR = /\blabou?r\b|\bman[- ]?hours?\b|\bcrew\b|\binstall(?:ation)? only\b/i;
const MATERIAL = /\bmaterials?\b|\bsuppl(?:y|ies)\b|\blumber\b|\bdelivered\b|\bfurnish(?:ed)? only\b/i;
const CONTINGENCY = /\bcontingenc(?:y|ies)\b|\breserve\b/i;
const EQUIPMENT = /\bequipment\b|\brentals?\b|\bcranes?\b|\blifts?\b|\bscaffold(?:ing)?\b/i;

export function costTypeOf(line: {
  kind: BudgetLineKind;
  trade: string | null;
  description: string;
  /** A supplier's quote sells materials, whatever its lines say. */
  supplierQuote?: boolean;
}): CostType {
  if (line.kind === 'charge') return 'other';
  // A contingency is money held back; any other allowance is for goods still to be chosen.
  if (line.kind === 'allowance') return CONTINGENCY.test(line.description) ? 'other' : 'material';
  if (line.supplierQuote) return 'material';
  const text = line.description;
  const labor = LABOR.test(text);
  const material = MATERIAL.test(text);
  // "Labor and materials" is a trade's whole scope: a subcontract.
  if (labor && !material) return 'labor';
  if (material && !labor) return 'material';
  if (EQUIPMENT.test(text) && !labor && !material) return 'equipment';
  if (line.trade === 'general-conditions' || line.trade === 'permits') return 'other';
  return 'subcontract';
}
