import { Tag, X } from 'lucide-react';
import { useId, useState } from 'react';
import { type Discount, describeDiscount } from '@/domain/subscription/pricing';
import { normalizePromoCode } from '@/domain/subscription/promo';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { useValidatePromo } from '../api/validate-promo';

export interface AppliedPromo extends Discount {
  code: string;
}

/**
 * The code is trimmed and upper-cased; Apply is disabled while blank or checking;
 * a valid code is applied ("Promo Code Applied!"), Remove resets it.
 */
export function PromoCodeBox({
  applied,
  onApplied,
}: {
  applied: AppliedPromo | null;
  onApplied: (promo: AppliedPromo | null) => void;
}) {
  const [code, setCode] = useState('');
  const validate = useValidatePromo();
  const inputId = useId();
  const normalized = normalizePromoCode(code);

  const apply = () => {
    if (!normalized || validate.isPending) return;
    validate.mutate(
      { promoCode: normalized },
      {
        onSuccess: (result) => {
          if (result.valid && result.discount !== null && result.discountType !== null) {
            const promo = { code: normalized, discount: result.discount, discountType: result.discountType };
            onApplied(promo);
            setCode('');
            toast({
              title: 'Promo Code Applied!',
              description: `You'll save ${describeDiscount(promo)} after your trial ends.`,
            });
          } else {
            toast({
              variant: 'destructive',
              title: 'Invalid Promo Code',
              description: result.message || 'Invalid promo code',
            });
          }
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: serverMessage(error) ?? 'Unable to validate promo code',
          }),
      },
    );
  };

  if (applied) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-lg border border-green-200 bg-green-50 p-3 text-sm">
        <span className="flex items-center gap-2 text-green-900">
          <Tag className="size-4" aria-hidden="true" />
          <span>
            <strong className="font-semibold">{applied.code}</strong> applied: {describeDiscount(applied)} off
            after your trial
          </span>
        </span>
        <Button variant="ghost" size="sm" onClick={() => onApplied(null)}>
          <X aria-hidden="true" />
          Remove
        </Button>
      </div>
    );
  }

  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <Label htmlFor={inputId}>Promo code</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={code}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          placeholder="Enter code"
          autoComplete="off"
          className="uppercase placeholder:normal-case"
        />
        <Button type="submit" variant="outline" disabled={!normalized || validate.isPending}>
          {validate.isPending ? 'Checking...' : 'Apply'}
        </Button>
      </div>
    </form>
  );
}
