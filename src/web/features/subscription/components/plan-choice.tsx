import { formatUsd, PLAN_PRICES, type Plan, planPriceWithPromo } from '@/domain/subscription/pricing';
import { Badge } from '@/web/components/ui/badge';
import { cn } from '@/web/lib/utils';
import type { AppliedPromo } from './promo-code-box';

const PLAN_NAMES: Record<Plan, string> = { monthly: 'Monthly', yearly: 'Yearly' };

/** The monthly and yearly plan cards of trial setup, as one radio group. */
export function PlanChoice({
  value,
  onChange,
  promo,
}: {
  value: Plan;
  onChange: (plan: Plan) => void;
  promo: AppliedPromo | null;
}) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-medium">Choose your plan</legend>
      {(['monthly', 'yearly'] as const).map((plan) => {
        const list = PLAN_PRICES[plan];
        const price = planPriceWithPromo(plan, promo);
        const checked = value === plan;
        return (
          <label
            key={plan}
            className={cn(
              'relative flex cursor-pointer flex-col gap-1 rounded-xl border-2 bg-white p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              checked ? 'border-primary bg-accent/40' : 'border-border hover:border-slate-300',
            )}
          >
            <input
              type="radio"
              name="plan"
              value={plan}
              checked={checked}
              onChange={() => onChange(plan)}
              className="sr-only"
            />
            <span className="flex items-center justify-between gap-2">
              <span className="font-semibold">{PLAN_NAMES[plan]}</span>
              {list.badge && <Badge variant="success">{list.badge}</Badge>}
            </span>
            <span className="flex items-baseline gap-1">
              <span className="text-2xl font-bold">{formatUsd(price.totalCents)}</span>
              <span className="text-sm text-muted-foreground">/{list.interval}</span>
              {price.discountCents > 0 && (
                <s className="ml-1 text-sm text-muted-foreground">{formatUsd(list.amountCents)}</s>
              )}
            </span>
            {list.listAmountCents !== null ? (
              <span className="text-sm text-muted-foreground">
                <s>{formatUsd(list.listAmountCents)}</s>{' '}
                <span className="font-semibold text-success">{list.note}</span>
              </span>
            ) : (
              <span className="text-sm text-muted-foreground">Billed monthly</span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}
