import { Printer } from 'lucide-react';
import { LOOKAHEAD_WEEKS } from '@/contracts/lookahead';
import { Button } from '@/web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { cn } from '@/web/lib/utils';
import type { LookaheadParams } from '../lib/lookahead-params';
import type { LookaheadGrouping } from '../lib/lookahead-view';

const GROUPINGS: [LookaheadGrouping, string][] = [
  ['assignee', 'By assignee'],
  ['trade', 'By trade'],
];

const WEEK_CHOICES = Array.from(
  { length: LOOKAHEAD_WEEKS.max - LOOKAHEAD_WEEKS.min + 1 },
  (_, i) => LOOKAHEAD_WEEKS.min + i,
);

/** Grouping, span and Print; left out of the printed page. */
export function LookaheadToolbar({
  params,
  onChange,
}: {
  params: LookaheadParams;
  onChange: (next: Partial<LookaheadParams>) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 print:hidden">
      <fieldset className="inline-flex h-10 items-center rounded-lg bg-secondary p-1">
        <legend className="sr-only">Group by</legend>
        {GROUPINGS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={params.grouping === value}
            onClick={() => onChange({ grouping: value })}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-all outline-none focus-visible:ring-2 focus-visible:ring-ring',
              params.grouping === value && 'bg-background text-foreground shadow-sm',
            )}
          >
            {label}
          </button>
        ))}
      </fieldset>
      <Select value={String(params.weeks)} onValueChange={(v) => onChange({ weeks: Number(v) })}>
        <SelectTrigger className="w-32" aria-label="Weeks">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {WEEK_CHOICES.map((weeks) => (
            <SelectItem key={weeks} value={String(weeks)}>
              {weeks === 1 ? '1 week' : `${weeks} weeks`}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Button variant="outline" onClick={() => window.print()}>
        <Printer aria-hidden="true" />
        Print
      </Button>
    </div>
  );
}
