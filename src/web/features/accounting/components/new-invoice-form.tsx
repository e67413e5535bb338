import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { createInvoiceBody, type InvoiceDto } from '@/contracts/accounting';
import { centsText } from '@/domain/accounting/amounts';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { serverMessage } from '@/web/lib/api-client';
import { localToday } from '@/web/lib/local-today';
import { useCreateInvoice } from '../api/create-invoice';
import { useCostCodes } from '../api/get-cost-codes';
import { useUpdateInvoice } from '../api/update-invoice';
import { typedCents } from '../lib/money';

interface LineDraft {
  key: number;
  description: string;
  costCodeId: string;
  amount: string;
}

/** A draft invoice, new or changed: its dates, memo and lines (amounts typed, read in whole cents). */
export function NewInvoiceForm({
  projectId,
  invoice,
  onDone,
}: {
  projectId: number;
  /** The draft to change; absent, a new one. */
  invoice?: InvoiceDto;
  onDone: () => void;
}) {
  const id = useId();
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const saving = invoice ? update : create;
  const [invoiceDate, setInvoiceDate] = useState(invoice?.invoiceDate ?? localToday());
  const [dueDate, setDueDate] = useState(invoice?.dueDate ?? '');
  const [memo, setMemo] = useState(invoice?.memo ?? '');
  const [lines, setLines] = useState<LineDraft[]>(() =>
    invoice
      ? invoice.lines.map((l, key) => ({
          key,
          description: l.description,
          costCodeId: l.costCodeId === null ? '' : String(l.costCodeId),
          amount: centsText(l.amountCents),
        }))
      : [{ key: 0, description: '', costCodeId: '', amount: '' }],
  );
  const codes = useCostCodes().data ?? [];
  const [errors, setErrors] = useState<Record<string, string>>({});

  const setLine = (key: number, patch: Partial<LineDraft>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    lines.forEach((l, i) => {
      if (typedCents(l.amount) === null) found[`lines.${i}.amountCents`] = 'Give an amount, such as 1250.00';
    });
    const parsed = createInvoiceBody.safeParse({
      invoiceDate,
      dueDate: dueDate || null,
      memo,
      lines: lines.map((l) => ({
        description: l.description,
        costCodeId: l.costCodeId ? Number(l.costCodeId) : null,
        amountCents: typedCents(l.amount) ?? -1,
      })),
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    if (invoice) update.mutate({ invoiceId: invoice.id, body: parsed.data }, { onSuccess: onDone });
    else create.mutate({ projectId, body: parsed.data }, { onSuccess: onDone });
  }

  const error = (field: string) =>
    errors[field] ? (
      <p id={`${id}-${field}`} className="text-sm text-destructive">
        {errors[field]}
      </p>
    ) : null;
  const describedBy = (field: string) => (errors[field] ? `${id}-${field}` : undefined);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{invoice ? `Change ${invoice.number}` : 'New invoice'}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-date`}>Invoice date</Label>
              <Input
                id={`${id}-date`}
                type="date"
                value={invoiceDate}
                onChange={(e) => setInvoiceDate(e.target.value)}
                aria-invalid={!!errors.invoiceDate}
                aria-describedby={describedBy('invoiceDate')}
              />
              {error('invoiceDate')}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-due`}>Due date</Label>
              <Input
                id={`${id}-due`}
                type="date"
                value={dueDate}
                onChange={(e) => setDueDate(e.target.value)}
                aria-invalid={!!errors.dueDate}
                aria-describedby={describedBy('dueDate')}
              />
              {error('dueDate')}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-memo`}>Memo</Label>
              <Input id={`${id}-memo`} value={memo} onChange={(e) => setMemo(e.target.value)} />
            </div>
          </div>
          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-medium">Lines</legend>
            {lines.map((line, i) => (
              <div
                key={line.key}
                className="grid grid-cols-[1fr_auto] items-start gap-2 sm:grid-cols-[1fr_14rem_10rem_auto]"
              >
                <div className="col-span-2 grid gap-1 sm:col-span-1">
                  <Label htmlFor={`${id}-desc-${line.key}`} className="sr-only">
                    Line {i + 1} description
                  </Label>
                  <Input
                    id={`${id}-desc-${line.key}`}
                    placeholder="Description, such as Framing 50%"
                    value={line.description}
                    onChange={(e) => setLine(line.key, { description: e.target.value })}
                    aria-invalid={!!errors[`lines.${i}.description`]}
                    aria-describedby={describedBy(`lines.${i}.description`)}
                  />
                  {error(`lines.${i}.description`)}
                </div>
                <div className="col-span-2 grid gap-1 sm:col-span-1">
                  <Label htmlFor={`${id}-code-${line.key}`} className="sr-only">
                    Line {i + 1} cost code
                  </Label>
                  <select
                    id={`${id}-code-${line.key}`}
                    className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    value={line.costCodeId}
                    onChange={(e) => setLine(line.key, { costCodeId: e.target.value })}
                  >
                    <option value="">No cost code</option>
                    {codes.map((c) => (
                      <option key={c.id} value={String(c.id)}>
                        {c.code} {c.name}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-amount-${line.key}`} className="sr-only">
                    Line {i + 1} amount
                  </Label>
                  <Input
                    id={`${id}-amount-${line.key}`}
                    inputMode="decimal"
                    placeholder="Amount"
                    value={line.amount}
                    onChange={(e) => setLine(line.key, { amount: e.target.value })}
                    aria-invalid={!!errors[`lines.${i}.amountCents`]}
                    aria-describedby={describedBy(`lines.${i}.amountCents`)}
                  />
                  {error(`lines.${i}.amountCents`)}
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove line ${i + 1}`}
                  disabled={lines.length === 1}
                  onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ))}
            {error('lines')}
            <Button
              variant="outline"
              size="sm"
              className="w-fit"
              onClick={() =>
                setLines((all) => [
                  ...all,
                  {
                    key: Math.max(...all.map((l) => l.key)) + 1,
                    description: '',
                    costCodeId: '',
                    amount: '',
                  },
                ])
              }
            >
              <Plus aria-hidden="true" />
              Add line
            </Button>
          </fieldset>
          {saving.isError && (
            <p role="alert" className="text-sm text-destructive">
              {serverMessage(saving.error) ?? 'The invoice could not be saved.'}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={saving.isPending}>
              Save draft
            </Button>
            <Button variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
