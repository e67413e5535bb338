import { CheckCircle2, ShieldCheck } from 'lucide-react';
import { ANNUAL_PLAN_READING, formatUsd } from '@/domain/subscription/pricing';
import { PLAN_FEATURES } from '@/web/components/plan-features';

/**
 * The sign-up benefits panel. It uses the annual-plan reading of the price ($100 per year,
 * "Less than $9/month"), not the monthly and yearly prices of the landing page and trial setup.
 */
export function PlanBenefits() {
  return (
    <section
      aria-labelledby="plan-benefits-title"
      className="flex flex-col gap-6 rounded-xl bg-slate-900 p-6 text-slate-100 shadow-sm sm:p-8"
    >
      <div>
        <p className="text-sm font-semibold tracking-wide text-orange-300 uppercase">14-day free trial</p>
        <h2 id="plan-benefits-title" className="mt-2 text-2xl font-bold text-white">
          Everything you need to run your jobs
        </h2>
        <p className="mt-2 text-sm text-slate-300">
          Keep every project, contact and deadline in one place — and let AI turn your estimates into
          schedules.
        </p>
      </div>

      <div className="rounded-lg border border-slate-700 bg-slate-800/60 p-4">
        <p className="flex items-baseline gap-2">
          <span className="text-3xl font-bold text-white">{formatUsd(ANNUAL_PLAN_READING.amountCents)}</span>
          <span className="text-sm text-slate-300">
            per {ANNUAL_PLAN_READING.interval}, {ANNUAL_PLAN_READING.billing}
          </span>
        </p>
        <p className="mt-1 text-sm font-medium text-orange-300">{ANNUAL_PLAN_READING.perMonthNote}</p>
      </div>

      <ul className="grid gap-3 text-sm">
        {PLAN_FEATURES.map((feature) => (
          <li key={feature} className="flex items-start gap-2.5">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-orange-300" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>

      <p className="flex items-start gap-2.5 border-t border-slate-700 pt-4 text-sm text-slate-300">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-orange-300" aria-hidden="true" />
        <span>Free for 14 days. No charge today, one plan, cancel anytime.</span>
      </p>
    </section>
  );
}
