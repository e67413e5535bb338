import { Plus, Save, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { type FieldPath, type UseFormReturn, useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { CostCodeDto } from '@/contracts/budget';
import {
  CHANGE_ORDER_REASON_LABELS,
  CHANGE_ORDER_REASONS,
  type ChangeOrderDto,
  MAX_CO_DESCRIPTION,
  MAX_CO_TITLE,
} from '@/contracts/change-orders';
import { LoadFailed, LoadingBlock } from '@/web/components/query-states';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/components/ui/use-toast';
import { ApiError, serverMessage } from '@/web/lib/api-client';
import { type TaskChoice, useCostCodes, useTaskChoices } from '../api/get-choices';
import { useImpact } from '../api/get-impact';
import { useUpdateChangeOrder } from '../api/update-change-order';
import {
  type EditorValues,
  editorBody,
  editorTotals,
  editorValues,
  money,
  nextTaskKey,
  taskChangesOf,
} from '../lib/change-order-view';
import { ImpactPanel } from './impact-panel';
import { NativeSelect } from './native-select';

type EditorForm = UseFormReturn<EditorValues>;

/** One labelled field of the editor with its message (the input gets the id, the message its id). */
function Field({
  form,
  name,
  label,
  className,
  children,
}: {
  form: EditorForm;
  name: FieldPath<EditorValues>;
  label: string;
  className?: string;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const message = form.getFieldState(name, form.formState).error?.message;
  return (
    <div className={className ?? 'grid gap-1.5'}>
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      {children({
        id,
        ...(message ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {}),
      })}
      {message && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {message}
        </p>
      )}
    </div>
  );
}

function TaskOptions({ tasks, placeholder }: { tasks: readonly TaskChoice[]; placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {tasks.map((t) => (
        <option key={t.id} value={t.id}>
          {t.name}
          {t.isCritical ? ' · critical' : ''}
          {` · ${t.duration} d`}
        </option>
      ))}
    </>
  );
}

function Section({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="grid gap-3 rounded-lg border border-border bg-card p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={id} className="text-base font-semibold">
            {title}
          </h2>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

function RemoveRow({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} onClick={onClick} className="shrink-0 self-end">
      <Trash2 aria-hidden="true" />
    </Button>
  );
}

/** The priced lines: description, cost code, optional task and amount, then the markup and totals. */
function LinesSection({
  form,
  codes,
  tasks,
  currency,
}: {
  form: EditorForm;
  codes: readonly CostCodeDto[];
  tasks: readonly TaskChoice[];
  currency: string;
}) {
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const watched = useWatch({ control: form.control, name: ['lines', 'markup'] });
  const totals = editorTotals({ lines: watched[0], markup: watched[1] });
  return (
    <Section
      title="Priced lines"
      description="Each line on a cost code; a credit is a negative amount. The markup applies to the lines' sum."
      action={
        <Button
          variant="outline"
          size="sm"
          onClick={() => lines.append({ costCodeId: '', taskId: '', description: '', amount: '' })}
        >
          <Plus aria-hidden="true" />
          Add line
        </Button>
      }
    >
      {lines.fields.length === 0 && <p className="text-sm text-muted-foreground">No priced lines yet.</p>}
      <ol className="grid gap-3">
        {lines.fields.map((row, i) => (
          <li
            key={row.id}
            aria-label={`Line ${i + 1}`}
            className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1.3fr)_minmax(0,1.3fr)_8rem_auto] sm:items-start"
          >
            <Field form={form} name={`lines.${i}.description`} label="Description">
              {(p) => <Input {...p} {...form.register(`lines.${i}.description`)} />}
            </Field>
            <Field form={form} name={`lines.${i}.costCodeId`} label="Cost code">
              {(p) => (
                <NativeSelect {...p} {...form.register(`lines.${i}.costCodeId`)}>
                  <option value="">No code</option>
                  {codes.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.code} {c.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field form={form} name={`lines.${i}.taskId`} label="Task (optional)">
              {(p) => (
                <NativeSelect {...p} {...form.register(`lines.${i}.taskId`)}>
                  <TaskOptions tasks={tasks} placeholder="No task" />
                </NativeSelect>
              )}
            </Field>
            <Field form={form} name={`lines.${i}.amount`} label={`Amount (${currency})`}>
              {(p) => (
                <Input
                  {...p}
                  inputMode="decimal"
                  className="text-right tabular-nums"
                  {...form.register(`lines.${i}.amount`)}
                />
              )}
            </Field>
            <RemoveRow label={`Remove line ${i + 1}`} onClick={() => lines.remove(i)} />
          </li>
        ))}
      </ol>
      <div className="grid gap-2 border-t border-border pt-3 sm:grid-cols-[minmax(0,1fr)_16rem]">
        <Field form={form} name="markup" label="Markup (%)" className="grid max-w-40 gap-1.5">
          {(p) => <Input {...p} inputMode="decimal" {...form.register('markup')} />}
        </Field>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm tabular-nums">
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd className="text-right">{money(totals.subtotal, currency)}</dd>
          <dt className="text-muted-foreground">Markup</dt>
          <dd className="text-right">{money(totals.markup, currency)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd data-testid="editor-total" className="text-right font-semibold">
            {money(totals.total, currency)}
          </dd>
        </dl>
      </div>
    </Section>
  );
}

/** Tasks the change order adds: a name, working days, the task it follows and the one it comes before. */
function AddedTasks({ form, tasks }: { form: EditorForm; tasks: readonly TaskChoice[] }) {
  const added = useFieldArray({ control: form.control, name: 'addedTasks' });
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Added tasks</h3>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            added.append({
              key: nextTaskKey(form.getValues('addedTasks')),
              name: '',
              duration: '1',
              after: '',
              before: '',
            })
          }
        >
          <Plus aria-hidden="true" />
          Add task
        </Button>
      </div>
      <ol className="grid gap-2">
        {added.fields.map((row, i) => (
          <li
            key={row.id}
            aria-label={`Added task ${i + 1}`}
            className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[minmax(0,1.5fr)_6rem_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
          >
            <Field form={form} name={`addedTasks.${i}.name`} label="New task">
              {(p) => <Input {...p} {...form.register(`addedTasks.${i}.name`)} />}
            </Field>
            <Field form={form} name={`addedTasks.${i}.duration`} label="Working days">
              {(p) => <Input {...p} inputMode="numeric" {...form.register(`addedTasks.${i}.duration`)} />}
            </Field>
            <Field form={form} name={`addedTasks.${i}.after`} label="After">
              {(p) => (
                <NativeSelect {...p} {...form.register(`addedTasks.${i}.after`)}>
                  <TaskOptions tasks={tasks} placeholder="At the start" />
                </NativeSelect>
              )}
            </Field>
            <Field form={form} name={`addedTasks.${i}.before`} label="Before">
              {(p) => (
                <NativeSelect {...p} {...form.register(`addedTasks.${i}.before`)}>
                  <TaskOptions tasks={tasks} placeholder="Nothing waits for it" />
                </NativeSelect>
              )}
            </Field>
            <RemoveRow label={`Remove added task ${i + 1}`} onClick={() => added.remove(i)} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Existing tasks made longer by a number of working days. */
function LongerTasks({ form, tasks }: { form: EditorForm; tasks: readonly TaskChoice[] }) {
  const longer = useFieldArray({ control: form.control, name: 'durationChanges' });
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Longer tasks</h3>
        <Button variant="outline" size="sm" onClick={() => longer.append({ taskId: '', extraDays: '1' })}>
          <Plus aria-hidden="true" />
          Lengthen a task
        </Button>
      </div>
      <ol className="grid gap-2">
        {longer.fields.map((row, i) => (
          <li
            key={row.id}
            aria-label={`Longer task ${i + 1}`}
            className="grid grid-cols-[minmax(0,1fr)_6rem_auto] gap-2 rounded-md border border-border p-3 sm:items-start"
          >
            <Field form={form} name={`durationChanges.${i}.taskId`} label="Task">
              {(p) => (
                <NativeSelect {...p} {...form.register(`durationChanges.${i}.taskId`)}>
                  <TaskOptions tasks={tasks} placeholder="Choose a task" />
                </NativeSelect>
              )}
            </Field>
            <Field form={form} name={`durationChanges.${i}.extraDays`} label="Extra days">
              {(p) => (
                <Input {...p} inputMode="numeric" {...form.register(`durationChanges.${i}.extraDays`)} />
              )}
            </Field>
            <RemoveRow label={`Remove longer task ${i + 1}`} onClick={() => longer.remove(i)} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** New finish-to-start links between existing tasks, with a lag in working days. */
function NewLinks({ form, tasks }: { form: EditorForm; tasks: readonly TaskChoice[] }) {
  const links = useFieldArray({ control: form.control, name: 'newLinks' });
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">New links</h3>
        <Button
          variant="outline"
          size="sm"
          onClick={() => links.append({ predecessorTaskId: '', successorTaskId: '', lagDays: '0' })}
        >
          <Plus aria-hidden="true" />
          Add link
        </Button>
      </div>
      <ol className="grid gap-2">
        {links.fields.map((row, i) => (
          <li
            key={row.id}
            aria-label={`New link ${i + 1}`}
            className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_6rem_auto] sm:items-start"
          >
            <Field form={form} name={`newLinks.${i}.predecessorTaskId`} label="When this finishes">
              {(p) => (
                <NativeSelect {...p} {...form.register(`newLinks.${i}.predecessorTaskId`)}>
                  <TaskOptions tasks={tasks} placeholder="Choose a task" />
                </NativeSelect>
              )}
            </Field>
            <Field form={form} name={`newLinks.${i}.successorTaskId`} label="This starts">
              {(p) => (
                <NativeSelect {...p} {...form.register(`newLinks.${i}.successorTaskId`)}>
                  <TaskOptions tasks={tasks} placeholder="Choose a task" />
                </NativeSelect>
              )}
            </Field>
            <div className="flex items-start gap-2 sm:contents">
              <Field
                form={form}
                name={`newLinks.${i}.lagDays`}
                label="Lag (days)"
                className="grid flex-1 gap-1.5"
              >
                {(p) => <Input {...p} inputMode="numeric" {...form.register(`newLinks.${i}.lagDays`)} />}
              </Field>
              <RemoveRow label={`Remove new link ${i + 1}`} onClick={() => links.remove(i)} />
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The task changes' fields, settled for 400 ms: what the live impact is asked for. */
function useSettledTaskChanges(form: EditorForm) {
  const [addedTasks, durationChanges, newLinks] = useWatch({
    control: form.control,
    name: ['addedTasks', 'durationChanges', 'newLinks'],
  });
  const changes = useMemo(
    () => taskChangesOf({ addedTasks, durationChanges, newLinks }),
    [addedTasks, durationChanges, newLinks],
  );
  const key = JSON.stringify(changes);
  const [settled, setSettled] = useState(changes);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as typeof changes), 400);
    return () => clearTimeout(timer);
  }, [key]);
  return settled;
}

/**
 * The draft's editor: title, reason, description, priced lines with cost codes and a markup, and the
 * tasks it changes (added, longer, newly linked), with the schedule impact beside it worked out by the
 * server as the fields change. Saving replaces the draft's lines and task changes. (The page keys it
 * by the draft's `updatedAt`, so a saved draft starts the fields again from what was stored.)
 */
export function ChangeOrderEditor({ co }: { co: ChangeOrderDto }) {
  const tasks = useTaskChoices(co.projectId);
  const codes = useCostCodes();
  // The choices first: a native select shows its stored value only once its option is there.
  if (tasks.isPending || codes.isPending) return <LoadingBlock />;
  if (tasks.isError) return <LoadFailed what="The project's tasks" error={tasks.error} />;
  if (codes.isError) return <LoadFailed what="The cost codes" error={codes.error} />;
  return <EditorForm co={co} tasks={tasks.data} codes={codes.data} />;
}

function EditorForm({
  co,
  tasks,
  codes,
}: {
  co: ChangeOrderDto;
  tasks: readonly TaskChoice[];
  codes: readonly CostCodeDto[];
}) {
  const form = useForm<EditorValues>({ defaultValues: editorValues(co) });
  const save = useUpdateChangeOrder();
  const changes = useSettledTaskChanges(form);
  const impact = useImpact(co.id, changes, true);
  const titleId = useId();
  const reasonId = useId();
  const descriptionId = useId();

  const onSubmit = form.handleSubmit((values) => {
    form.clearErrors();
    const made = editorBody(values);
    if (!made.ok) {
      for (const [name, message] of Object.entries(made.errors))
        form.setError(name as FieldPath<EditorValues>, { message });
      return;
    }
    save.mutate(
      { coId: co.id, body: made.body },
      {
        onSuccess: () => toast({ title: 'Draft saved' }),
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: 'The draft was not saved',
            description:
              (err instanceof ApiError && err.errors ? Object.values(err.errors)[0] : undefined) ??
              serverMessage(err) ??
              'Please try again.',
          }),
      },
    );
  });

  const taskList = tasks;
  const titleError = form.formState.errors.title?.message;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start"
    >
      <div className="grid gap-5">
        <Section title="The change">
          <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
            <div className="grid gap-1.5">
              <Label htmlFor={titleId}>Title</Label>
              <Input
                id={titleId}
                maxLength={MAX_CO_TITLE}
                aria-invalid={titleError ? true : undefined}
                aria-describedby={titleError ? `${titleId}-error` : undefined}
                {...form.register('title')}
              />
              {titleError && (
                <p id={`${titleId}-error`} className="text-xs text-destructive">
                  {titleError}
                </p>
              )}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={reasonId}>Reason</Label>
              <NativeSelect id={reasonId} {...form.register('reason')}>
                {CHANGE_ORDER_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {CHANGE_ORDER_REASON_LABELS[r]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5 sm:col-span-2">
              <Label htmlFor={descriptionId}>Description (the client reads it)</Label>
              <Textarea
                id={descriptionId}
                rows={3}
                maxLength={MAX_CO_DESCRIPTION}
                {...form.register('description')}
              />
            </div>
          </div>
        </Section>
        <LinesSection form={form} codes={codes} tasks={taskList} currency={co.currency} />
        <Section
          title="Affected tasks"
          description="What the change does to the schedule. The impact is worked out from these, never typed."
        >
          <LongerTasks form={form} tasks={taskList} />
          <AddedTasks form={form} tasks={taskList} />
          <NewLinks form={form} tasks={taskList} />
        </Section>
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            <Save aria-hidden="true" />
            {save.isPending ? 'Saving...' : 'Save draft'}
          </Button>
        </div>
      </div>
      <div className="lg:sticky lg:top-4">
        <ImpactPanel
          impact={impact.data}
          pending={impact.isFetching}
          error={impact.isError ? impact.error : null}
          live
        />
      </div>
    </form>
  );
}
