/**
 * The project's currency when a plan is saved from an estimate. The projects module owns the
 * table, so other modules (the plan's save) change the currency only through this file. Imports no
 * service, so any module may use it without an import cycle.
 */
import { isCurrencyCode } from '../../../contracts/common.js';
import type { Db } from '../../db/client.js';
import { projectsRepo } from './projects.repo.js';

/** What a plan does to the project's money. */
export interface PlanCurrency {
  /** The project's currency after the plan: the one its budget and the plan's costs are read in. */
  currency: string;
  /** The project's currency before the plan, when the plan changed it. */
  changedFrom: string | null;
  /**
   * The estimate's currency when it differs from the project's and could not be taken (earlier
   * estimates of the project are costed in the project's): its amounts are kept as they are, not converted.
   */
  unconverted: string | null;
}

const usSymbol = (code: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: code })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? code;

/** Dollars other than the US dollar (CA$, A$, MX$…): a bare `$` on an estimate is one of them too. */
const isOtherDollar = (code: string) => code !== 'USD' && usSymbol(code).includes('$');

/**
 * The rule: the project takes the currency the estimate states, and its budget figure is then read
 * in it (the figure was typed for this job, most often under the default USD), except
 * - a project in another dollar keeps it when the estimate reads as US dollars: the reader takes a
 *   bare `$` for USD, and a Canadian job's `$` is Canadian;
 * - a project that already has a plan keeps its currency: those tasks are costed in it, and
 *   amounts are never converted.
 */
export function planCurrency(
  projectCurrency: string,
  estimateCurrency: string | null,
  hasEarlierPlans: boolean,
): PlanCurrency {
  const keep: PlanCurrency = { currency: projectCurrency, changedFrom: null, unconverted: null };
  if (estimateCurrency === null || !isCurrencyCode(estimateCurrency)) return keep;
  if (estimateCurrency === projectCurrency) return keep;
  if (estimateCurrency === 'USD' && isOtherDollar(projectCurrency)) return keep;
  if (hasEarlierPlans) return { ...keep, unconverted: estimateCurrency };
  return { currency: estimateCurrency, changedFrom: projectCurrency, unconverted: null };
}

/**
 * Applies {@link planCurrency} to the project the caller read in its transaction (the plan's),
 * writing the change there; answers what it decided.
 */
export async function adoptEstimateCurrency(
  tx: Db,
  companyId: number,
  project: { id: number; currency: string },
  estimateCurrency: string | null,
  hasEarlierPlans: boolean,
): Promise<PlanCurrency> {
  const decided = planCurrency(project.currency, estimateCurrency, hasEarlierPlans);
  if (decided.changedFrom !== null) {
    await projectsRepo.update(tx, companyId, project.id, { currency: decided.currency });
  }
  return decided;
}
