import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Label } from '@/web/components/ui/label';

/**
 * "Plan this": plans the estimate as reviewed (the answers, the corrections and, when the figures do
 * not reconcile, the user's word that they are to be planned as they are), and whether the company's
 * next estimates of this layout are read the same way. Says why it cannot be pressed yet.
 */
export function PlanThis({
  blocked,
  reconciles,
  remember,
  onRemember,
  sending,
  onPlan,
}: {
  /** Why the plan cannot be made now, or null. */
  blocked: string | null;
  reconciles: boolean;
  remember: boolean;
  onRemember: (remember: boolean) => void;
  sending: boolean;
  onPlan: () => void;
}) {
  const rememberId = useId();
  const whyId = useId();
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex items-start gap-2">
        <Checkbox
          id={rememberId}
          checked={remember}
          onCheckedChange={(value) => onRemember(value === true)}
          disabled={blocked !== null}
        />
        <Label htmlFor={rememberId} className="leading-snug">
          Read my estimates this way next time
        </Label>
      </div>
      {blocked ? (
        <p id={whyId} className="text-sm text-muted-foreground" role="status">
          {blocked}
        </p>
      ) : !reconciles ? (
        <p id={whyId} className="text-sm text-amber-900 dark:text-amber-200">
          The figures do not reconcile: the plan will carry the lines as they are read here.
        </p>
      ) : null}
      <Button
        type="button"
        onClick={onPlan}
        disabled={blocked !== null || sending}
        aria-describedby={blocked || !reconciles ? whyId : undefined}
        className="w-full"
      >
        <Sparkles aria-hidden="true" />
        {sending ? 'Planning…' : 'Plan this'}
      </Button>
    </Card>
  );
}
