import { CheckCircle2, CircleHelp, TriangleAlert } from 'lucide-react';
import { Card } from '@/web/components/ui/card';
import { cn } from '@/web/lib/utils';
import { formatAmount } from '../lib/format';
import { formatPercent, type ReconciliationFigures } from '../lib/reconciliation';

function Figure({
  name,
  label,
  value,
  currency,
  strong,
}: {
  name: string;
  label: string;
  value: number | null;
  currency: string | null;
  strong?: boolean;
}) {
  return (
    <div
      className={cn(
        'flex items-baseline justify-between gap-3',
        strong && 'border-t border-border pt-1.5 font-semibold',
      )}
    >
      <dt className={cn(!strong && 'text-muted-foreground')}>{label}</dt>
      <dd className="tabular-nums" data-figure={name} data-value={value ?? ''}>
        {formatAmount(value, currency)}
      </dd>
    </div>
  );
}

const VERDICT = {
  reconciles: {
    text: 'Reconciles (within 0.5%)',
    icon: CheckCircle2,
    tone: 'text-emerald-700 dark:text-emerald-400',
  },
  differs: { text: 'Does not reconcile', icon: TriangleAlert, tone: 'text-amber-800 dark:text-amber-300' },
  'no-total': { text: 'No document total to compare with', icon: CircleHelp, tone: 'text-muted-foreground' },
} as const;

/** The sentence read out when the figures change. */
function spoken(f: ReconciliationFigures, currency: string | null): string {
  const read = `Planned work, allowances and charges come to ${formatAmount(f.read, currency)}`;
  if (!f.against || f.difference === null) return `${read}. ${VERDICT['no-total'].text}.`;
  const gap = f.percent === null ? '' : ` (${formatPercent(f.percent)})`;
  return `${read} against ${f.against.label} ${formatAmount(f.against.value, currency)}: difference ${formatAmount(f.difference, currency)}${gap}. ${VERDICT[f.status].text}.`;
}

/**
 * The live reconciliation: the planned work, allowances and charges against the stated total, the
 * difference and its share, and whether the reading reconciles; changes are announced politely.
 */
export function ReconciliationPanel({
  figures,
  currency,
  pending,
}: {
  figures: ReconciliationFigures;
  currency: string | null;
  pending: boolean;
}) {
  const verdict = VERDICT[figures.status];
  const Icon = verdict.icon;
  return (
    <Card className="grid gap-3 p-4" aria-busy={pending}>
      <h2 className="text-base font-semibold">Reconciliation</h2>
      <dl className="grid gap-1.5 text-sm" aria-label="Figures">
        <Figure name="planned" label="Planned work" value={figures.planned} currency={currency} />
        <Figure name="allowances" label="Allowances" value={figures.allowances} currency={currency} />
        <Figure name="charges" label="Charges" value={figures.charges} currency={currency} />
        <Figure name="read" label="Read total" value={figures.read} currency={currency} strong />
        <Figure
          name="against"
          label={figures.against ? `Stated: ${figures.against.label}` : 'Stated total'}
          value={figures.against?.value ?? null}
          currency={currency}
        />
        <div className="flex items-baseline justify-between gap-3 border-t border-border pt-1.5 font-semibold">
          <dt>Difference</dt>
          <dd className="text-right tabular-nums">
            <span data-figure="difference" data-value={figures.difference ?? ''}>
              {formatAmount(figures.difference, currency)}
            </span>
            {figures.percent !== null && (
              <span
                className="ml-1 font-normal text-muted-foreground"
                data-figure="percent"
                data-value={figures.percent}
              >
                ({formatPercent(figures.percent)})
              </span>
            )}
          </dd>
        </div>
        <Figure
          name="excluded"
          label="Set aside (not planned)"
          value={figures.excluded}
          currency={currency}
        />
      </dl>
      <p
        className={cn('flex items-center gap-2 text-sm font-medium', verdict.tone)}
        data-reconciliation={figures.status}
      >
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {verdict.text}
        {pending && <span className="font-normal text-muted-foreground">· reading again…</span>}
      </p>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {pending ? '' : spoken(figures, currency)}
      </p>
    </Card>
  );
}
