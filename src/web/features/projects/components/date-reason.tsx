import { dayLabel } from '@/domain/schedule/typed-date-check';
import { Button } from '@/web/components/ui/button';

/** A typed date that cannot be kept, said under its field with the nearest day allowed. */
export function DateReason({
  reason,
  nearest,
  onUse,
}: {
  reason: string;
  nearest: string | undefined;
  onUse: (day: string) => void;
}) {
  return (
    <div role="alert" className="grid gap-1 text-sm text-amber-900 sm:col-span-2">
      <p>
        <span className="font-medium">This date cannot be kept.</span> {reason}
      </p>
      {nearest && (
        <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => onUse(nearest)}>
          Use {dayLabel(nearest)}
        </Button>
      )}
    </div>
  );
}
