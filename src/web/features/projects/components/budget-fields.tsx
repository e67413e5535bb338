import { type Control, useWatch } from 'react-hook-form';
import {
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  InputField,
} from '@/web/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { currencySign } from '@/web/lib/format';
import type { ProjectFormValues } from './project-form-values';

/** The currencies the form offers; the project's own is added when it is another (set by an estimate). */
export const OFFERED_CURRENCIES = ['USD', 'CAD', 'EUR', 'GBP', 'MXN', 'AUD', 'INR'] as const;

const currencyNames = new Intl.DisplayNames('en', { type: 'currency' });

/** The offered currencies, with `current` (the project's) among them. */
export function currencyOptions(current: string): string[] {
  const offered: string[] = [...OFFERED_CURRENCIES];
  return offered.includes(current) ? offered : [...offered, current];
}

/**
 * The budget and, beside it, the currency it is in (and the task costs with it). The budget's label
 * carries the currency's sign, so the figure typed is read in the currency shown.
 */
export function BudgetFields({
  control,
  fromEstimate = false,
}: {
  control: Control<ProjectFormValues>;
  /** An estimate is attached: the budget may stay blank, and the estimate's total then fills it. */
  fromEstimate?: boolean;
}) {
  const currency = useWatch({ control, name: 'currency' });
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_6.5rem] items-start gap-2">
      <InputField
        control={control}
        name="budget"
        label={
          fromEstimate ? `Budget (${currencySign(currency)}, optional)` : `Budget (${currencySign(currency)})`
        }
        inputMode="decimal"
        placeholder={fromEstimate ? "The estimate's total" : '250000'}
        description={
          fromEstimate ? "Left blank, the attached estimate's total becomes the budget." : undefined
        }
      />
      <FormField
        control={control}
        name="currency"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Currency</FormLabel>
            <Select value={field.value} onValueChange={field.onChange} name={field.name}>
              <FormControl>
                <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                  {/* The code alone: the list's names do not fit the field. */}
                  <SelectValue>{field.value}</SelectValue>
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                {currencyOptions(field.value).map((code) => (
                  <SelectItem key={code} value={code}>
                    {code} · {currencyNames.of(code) ?? code}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FormMessage />
          </FormItem>
        )}
      />
    </div>
  );
}
