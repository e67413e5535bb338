/**
 * Potential savings over insights of projects that may keep their money in different currencies.
 * Amounts are never converted: each currency is summed on its own, so a portfolio of US and Indian
 * jobs shows "$5,000" and "₹1,20,000" rather than one meaningless total.
 */
import type { CountedInsight } from '@/domain/insights/counters';
import { type CurrencyAmount, currencyOfNoProject, sharedCurrency, sumByCurrency } from '@/domain/money';

/**
 * The active insights' savings per currency, largest first. An insight's currency is its project's;
 * one without a (known) project counts in `fallback`.
 */
export function savingsByCurrency(
  insights: readonly (CountedInsight & { projectId: number | null })[],
  currencyOfProject: ReadonlyMap<number, string>,
  fallback: string,
): CurrencyAmount[] {
  return sumByCurrency(
    insights
      .filter((insight) => insight.isActive)
      .map((insight) => ({
        currency:
          (insight.projectId === null ? undefined : currencyOfProject.get(insight.projectId)) ?? fallback,
        amount: Number(insight.potentialSavings ?? 0),
      })),
  );
}

/** The currencies of the insights screen: each project's, and the one the projects in view share. */
export interface PortfolioMoney {
  /** The currency every project in view keeps its money in; null when they differ. */
  shared: string | null;
  currencies: ReadonlyMap<number, string>;
  /** For an insight of no known project: the shared currency, else USD (a new project's). */
  fallback: string;
  currencyOf: (insight: { projectId: number | null }) => string;
}

/** {@link PortfolioMoney} of the company's projects, with `projectId` the one in view (null: all). */
export function portfolioMoney(
  projects: readonly { id: number; currency: string }[],
  projectId: number | null,
): PortfolioMoney {
  const inView = projectId === null ? projects : projects.filter((p) => p.id === projectId);
  const shared = sharedCurrency(inView);
  const currencies = new Map(projects.map((p) => [p.id, p.currency]));
  const fallback = currencyOfNoProject(inView);
  return {
    shared,
    currencies,
    fallback,
    currencyOf: (insight) =>
      (insight.projectId === null ? undefined : currencies.get(insight.projectId)) ?? fallback,
  };
}
