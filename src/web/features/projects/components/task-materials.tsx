import { CalendarClock, CheckCircle2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { TaskDto } from '@/contracts/tasks';
import {
  applyMaterials,
  EMPTY_MATERIALS,
  isStepEnabled,
  MATERIAL_STEP_LABELS,
  MATERIAL_STEPS,
  type MaterialsAction,
  materialsDelivered,
  materialsNotice,
  materialsPending,
  materialsProgress,
  parseMaterialsStatus,
  serializeMaterialsStatus,
  tickedSteps,
} from '@/domain/tasks';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Progress } from '@/web/components/ui/progress';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { cn } from '@/web/lib/utils';
import { useOptimisticTaskUpdate, useUpdateTask } from '../api/update-task';
import { formatDay } from '../lib/dates';

/**
 * The materials' expected delivery: a date saved with its button (or cleared). Until the chain
 * reaches Delivered (or Not Applicable) the schedule starts the task no earlier than that day.
 */
function ExpectedDelivery({ task, delivered }: { task: TaskDto; delivered: boolean }) {
  const id = useId();
  const saved = task.materialsExpectedDate ?? '';
  const [date, setDate] = useState(saved);
  const update = useUpdateTask();
  const store = (value: string | null) =>
    update.mutate(
      { id: task.id, body: { materialsExpectedDate: value } },
      {
        onSuccess: () =>
          toast({
            title: value ? `Expected delivery set to ${formatDay(value)}` : 'Expected delivery cleared',
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: serverMessage(error) ?? 'Failed to update materials status',
          }),
      },
    );
  const hint = !saved
    ? 'When the materials are due on site: the schedule will not start the task before that day.'
    : delivered
      ? 'The materials are delivered: the date no longer holds the task back.'
      : `Until the materials are delivered, the schedule starts this task no earlier than ${formatDay(saved)}.`;
  return (
    <div className="grid gap-2 border-t border-border pt-3">
      <Label htmlFor={id} className="flex items-center gap-1.5">
        <CalendarClock className="size-4 text-muted-foreground" aria-hidden="true" />
        Expected delivery
      </Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          type="date"
          className="w-auto min-w-40 flex-1"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          aria-describedby={`${id}-hint`}
        />
        <Button
          variant="outline"
          onClick={() => store(date || null)}
          disabled={update.isPending || date === saved}
        >
          {update.isPending ? 'Saving...' : 'Save date'}
        </Button>
        {saved && (
          <Button
            variant="ghost"
            onClick={() => {
              setDate('');
              store(null);
            }}
            disabled={update.isPending}
          >
            Clear
          </Button>
        )}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}

/**
 * Materials Status: Not Applicable and the chain needed → approved → ordered → shipped →
 * delivered → finalized, by the tasks domain's rules, and the expected delivery. A change shows at
 * once and is put back when the save fails.
 */
export function TaskMaterials({ task }: { task: TaskDto }) {
  const baseId = useId();
  const save = useOptimisticTaskUpdate(task.id);
  const stored = parseMaterialsStatus(task.materialsStatus);
  const state = stored.ok ? stored.value : EMPTY_MATERIALS;
  const progress = materialsProgress(state);
  const notice = materialsNotice(state);

  const change = (action: MaterialsAction) => {
    const next = applyMaterials(state, action);
    const text = serializeMaterialsStatus(next);
    save.mutate(
      { body: { materialsStatus: text }, optimistic: { materialsStatus: text } },
      {
        onSuccess: () => toast({ title: 'Materials status updated' }),
        onError: () =>
          toast({ variant: 'destructive', title: 'Error', description: 'Failed to update materials status' }),
      },
    );
  };
  const pending = materialsPending(state, task.materialsExpectedDate);

  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2">Materials Status</CardTitle>
          <span className="text-sm font-medium tabular-nums">{progress}%</span>
        </div>
        <Progress value={progress} aria-label="Materials progress" indicatorClassName="bg-success" />
        {notice ? (
          <p className="flex items-center gap-1.5 text-sm font-medium text-success" role="status">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            {notice}
          </p>
        ) : (
          <CardDescription>
            {tickedSteps(state)} of {MATERIAL_STEPS.length} steps done
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="grid gap-3">
        {!stored.ok && (
          <p className="text-sm text-destructive">
            The saved materials status could not be read ({stored.error}).
          </p>
        )}
        <div className="flex items-center gap-3 rounded-md border border-border px-3 py-2">
          <Checkbox
            id={`${baseId}-na`}
            checked={state.notApplicable}
            onCheckedChange={() => change({ type: 'toggleNotApplicable' })}
          />
          <Label htmlFor={`${baseId}-na`} className="cursor-pointer">
            Not Applicable
          </Label>
        </div>
        <ol className="grid gap-1" aria-label="Materials chain">
          {MATERIAL_STEPS.map((step, i) => {
            const enabled = isStepEnabled(state, step);
            return (
              <li key={step} className="flex items-center gap-3 px-3 py-1.5">
                <Checkbox
                  id={`${baseId}-${step}`}
                  checked={state[step]}
                  disabled={!enabled}
                  onCheckedChange={() => change({ type: 'toggleStep', step })}
                />
                <Label
                  htmlFor={`${baseId}-${step}`}
                  className={cn('flex gap-2', enabled ? 'cursor-pointer' : 'text-muted-foreground')}
                >
                  <span className="w-4 text-muted-foreground tabular-nums">{i + 1}.</span>{' '}
                  {MATERIAL_STEP_LABELS[step]}
                </Label>
              </li>
            );
          })}
        </ol>
        {pending && (
          <p className="text-sm text-muted-foreground" data-materials-pending="">
            Waiting for materials: the task cannot be started until they are delivered (or marked Not
            Applicable).
          </p>
        )}
        <ExpectedDelivery
          key={task.materialsExpectedDate ?? ''}
          task={task}
          delivered={materialsDelivered(state)}
        />
      </CardContent>
    </Card>
  );
}

/** Materials Notes: free text, saved with a button. */
export function TaskMaterialsNotes({ task }: { task: TaskDto }) {
  const id = useId();
  const [notes, setNotes] = useState(task.materialsNotes);
  const update = useUpdateTask();
  const changed = notes !== task.materialsNotes;
  // The page keys this card by the saved notes, so a save re-mounts it: the notice is raised from
  // the save's own promise, which settles whether or not the card is still mounted.
  const onSave = async () => {
    try {
      await update.mutateAsync({ id: task.id, body: { materialsNotes: notes } });
      toast({ title: 'Materials notes saved' });
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update task.' });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Materials Notes</CardTitle>
        <CardDescription>Suppliers, quantities, lead times, delivery instructions.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Label htmlFor={id} className="sr-only">
          Materials notes
        </Label>
        <Textarea id={id} rows={5} value={notes} onChange={(e) => setNotes(e.target.value)} />
        <Button
          className="justify-self-end"
          onClick={() => void onSave()}
          disabled={!changed || update.isPending}
        >
          {update.isPending ? 'Saving...' : 'Save Notes'}
        </Button>
      </CardContent>
    </Card>
  );
}
