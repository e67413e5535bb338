import { type FormEvent, useEffect, useId, useState } from 'react';
import type { EstimateCorrectionsBody } from '@/contracts/estimate-review';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { parseTotal } from '../lib/corrections';
import { SELECT_CLASS } from './field-styles';

/**
 * The corrections of the whole document: its total (corrected, or entered where it states none) and
 * the line after which everything is an option. The total is taken on Enter or on leaving the field.
 */
export function ReviewCorrections({
  corrections,
  optionStarts,
  statedTotal,
  onTotal,
  onOptionsAfter,
}: {
  corrections: EstimateCorrectionsBody;
  optionStarts: readonly { line: number; label: string }[];
  /** The total the reading compares with now (shown as the field's hint). */
  statedTotal: number | null;
  onTotal: (total: number | null) => void;
  onOptionsAfter: (line: number | null) => void;
}) {
  const totalId = useId();
  const hintId = useId();
  const optionsId = useId();
  const corrected = corrections.statedTotal ?? null;
  const [text, setText] = useState(corrected === null ? '' : String(corrected));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => setText(corrected === null ? '' : String(corrected)), [corrected]);

  const take = () => {
    const value = parseTotal(text);
    setInvalid(value === undefined);
    if (value !== undefined && value !== corrected) onTotal(value);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    take();
  };

  return (
    <Card className="grid gap-4 p-4">
      <h2 className="text-base font-semibold">The whole document</h2>
      <form className="grid gap-2" onSubmit={submit}>
        <Label htmlFor={totalId}>Document total</Label>
        <div className="flex gap-2">
          <Input
            id={totalId}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            placeholder={statedTotal === null ? 'Not stated: enter it' : statedTotal.toLocaleString('en-US')}
            aria-describedby={hintId}
            aria-invalid={invalid}
            onChange={(e) => setText(e.target.value)}
            onBlur={take}
          />
          <Button type="submit" variant="outline">
            Apply
          </Button>
        </div>
        <p id={hintId} className={invalid ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
          {invalid
            ? 'Enter the total as a figure above zero, e.g. 134,400.'
            : corrected === null
              ? 'The total as read. Correct it, or enter it when the document states none.'
              : 'Your total. Empty the field to use the totals as read.'}
        </p>
      </form>
      <div className="grid gap-2">
        <Label htmlFor={optionsId}>Everything after this line is an option</Label>
        <select
          id={optionsId}
          className={SELECT_CLASS}
          value={corrections.optionsAfter ?? ''}
          onChange={(e) => onOptionsAfter(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">No line: every line is the base bid</option>
          {optionStarts.map((o) => (
            <option key={o.line} value={o.line}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </Card>
  );
}
