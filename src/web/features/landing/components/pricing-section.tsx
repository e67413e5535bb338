import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PLAN, formatUsd, PLAN_PRICES, type Plan } from '@/domain/subscription/pricing';
import { PlanFeatureList } from '@/web/components/plan-features';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/utils';

const PLAN_LABELS: Record<Plan, string> = { monthly: 'Monthly', yearly: 'Yearly' };

/** The pricing section: a monthly/yearly toggle over the one plan. */
export function PricingSection({ id }: { id: string }) {
  const [plan, setPlan] = useState<Plan>(DEFAULT_PLAN);
  const price = PLAN_PRICES[plan];

  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-20 bg-slate-50 py-16 outline-none sm:py-24"
    >
      <div className="mx-auto flex w-full max-w-6xl flex-col items-center px-4 sm:px-6">
        <h2 id={`${id}-title`} className="text-center text-3xl font-bold tracking-tight text-slate-900">
          Simple, transparent pricing
        </h2>
        <p className="mt-3 max-w-xl text-center text-lg text-muted-foreground">
          One plan with everything included. 14-day free trial, no charge today, cancel anytime.
        </p>
        <fieldset className="mt-8 inline-flex rounded-full border border-border bg-white p-1 shadow-xs">
          <legend className="sr-only">Billing period</legend>
          {(['monthly', 'yearly'] as const).map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={plan === p}
              onClick={() => setPlan(p)}
              className={cn(
                'rounded-full px-5 py-2 text-sm font-semibold transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                plan === p ? 'bg-primary text-primary-foreground' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {PLAN_LABELS[p]}
            </button>
          ))}
        </fieldset>
        <div className="mt-8 w-full max-w-md rounded-2xl border-2 border-primary bg-white p-6 shadow-lg sm:p-8">
          <div className="flex items-center justify-between gap-3">
            <h3 className="text-xl font-bold text-slate-900">Professional</h3>
            {price.badge && <Badge variant="success">{price.badge}</Badge>}
          </div>
          <p className="mt-4 flex items-baseline gap-2" data-testid="plan-price">
            <span className="text-5xl font-bold tracking-tight text-slate-900">
              {formatUsd(price.amountCents)}
            </span>
            <span className="text-lg text-muted-foreground">/{price.interval}</span>
          </p>
          {price.listAmountCents !== null ? (
            <p className="mt-2 text-sm text-muted-foreground">
              <s>
                {formatUsd(price.listAmountCents)}/{price.interval}
              </s>{' '}
              <span className="font-semibold text-success">{price.note}</span>
            </p>
          ) : (
            <p className="mt-2 text-sm text-muted-foreground">Billed monthly. Cancel anytime.</p>
          )}
          <PlanFeatureList className="mt-6" />
          <Button asChild size="lg" className="mt-8 w-full">
            <Link to="/signup">
              Start 14-Day Free Trial
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <p className="mt-3 text-center text-xs text-muted-foreground">No charge today · Cancel anytime</p>
        </div>
      </div>
    </section>
  );
}
