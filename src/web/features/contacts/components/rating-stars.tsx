import { Star } from 'lucide-react';
import { cn } from '@/web/lib/utils';

const STARS = [1, 2, 3, 4, 5] as const;

/** A star filled to `fill` (0–1), drawn as an outline with the filled part over it. */
function PartialStar({ fill, size = 'size-4' }: { fill: number; size?: 'size-4' | 'size-6' }) {
  return (
    <span className={cn('relative inline-block shrink-0', size)} aria-hidden="true">
      <Star className={cn('absolute inset-0 text-slate-300', size)} />
      <span
        className="absolute inset-y-0 left-0 overflow-hidden"
        style={{ width: `${Math.round(fill * 100)}%` }}
      >
        <Star className={cn('fill-amber-400 text-amber-500', size)} />
      </span>
    </span>
  );
}

/** How much of star `n` (1–5) a rating fills. */
const fillOf = (rating: number | null, n: number) =>
  rating === null ? 0 : Math.min(1, Math.max(0, rating - (n - 1)));

/** A rating of 1–5 in tenths as five stars filled to it, and the number. */
export function RatingStars({ value, className }: { value: number; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      <span className="sr-only">{`Rated ${value} out of 5`}</span>
      <span className="inline-flex gap-0.5" aria-hidden="true">
        {STARS.map((n) => (
          <PartialStar key={n} fill={fillOf(value, n)} />
        ))}
      </span>
      <span className="text-sm font-medium tabular-nums text-foreground" aria-hidden="true">
        {value.toFixed(1)}
      </span>
    </span>
  );
}

/**
 * The edit form's rating: whole stars, chosen by clicking one (again to take it back), or none.
 * `saved` is a rating in tenths kept from the create form, shown until a star is chosen.
 */
export function StarRatingInput({
  id,
  value,
  saved,
  onChange,
  disabled,
}: {
  id?: string;
  value: number | null | undefined;
  saved: number | null;
  onChange: (value: number | null) => void;
  disabled?: boolean;
}) {
  const shown = value === undefined ? saved : value;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <fieldset id={id} aria-label="Rating" className="inline-flex gap-0.5">
        {STARS.map((n) => (
          <button
            key={n}
            type="button"
            disabled={disabled}
            aria-label={n === 1 ? '1 star' : `${n} stars`}
            aria-pressed={value === n}
            onClick={() => onChange(value === n ? null : n)}
            className="rounded-sm p-0.5 outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <PartialStar size="size-6" fill={fillOf(shown ?? null, n)} />
          </button>
        ))}
      </fieldset>
      <span className="text-sm text-muted-foreground tabular-nums">
        {shown === null ? 'No rating' : `${shown % 1 === 0 ? shown : shown.toFixed(1)} / 5`}
      </span>
      {shown !== null && (
        <button
          type="button"
          disabled={disabled}
          onClick={() => onChange(null)}
          className="rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          Clear rating
        </button>
      )}
    </div>
  );
}
