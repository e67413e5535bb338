import { CheckCircle2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { TaskDto } from '@/contracts/tasks';
import {
  applyMaterials,
  EMPTY_MATERIALS,
  isStepEnabled,
  MATERIAL_STEP_LABELS,
  MATERIAL_STEPS,
  type MaterialsAction,
  materialsNotice,
  materialsProgress,
  parseMaterialsStatus,
  serializeMaterialsStatus,
  tickedSteps,
} from '@/domain/tasks';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Label } from '@/web/components/ui/label';
import { Progress } from '@/web/components/ui/progress';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/components/ui/use-toast';
import { cn } from '@/web/lib/utils';
import { useOptimisticTaskUpdate, useUpdateTask } from '../api/update-task';

/**
 * Materials Status (spec §4): Not Applicable and the chain needed → approved → ordered → shipped →
 * delivered → finalized, by the tasks domain's rules. A change shows at once and is put back when
 * the save fails.
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
      </CardContent>
    </Card>
  );
}

/** Materials Notes (spec §2): free text, saved with a button. */
export function TaskMaterialsNotes({ task }: { task: TaskDto }) {
  const id = useId();
  const [notes, setNotes] = useState(task.materialsNotes);
  const update = useUpdateTask();
  const changed = notes !== task.materialsNotes;
  const onSave = () =>
    update.mutate(
      { id: task.id, body: { materialsNotes: notes } },
      {
        onSuccess: () => toast({ title: 'Materials notes saved' }),
        onError: () =>
          toast({ variant: 'destructive', title: 'Error', description: 'Failed to update task.' }),
      },
    );
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
        <Button className="justify-self-end" onClick={onSave} disabled={!changed || update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Notes'}
        </Button>
      </CardContent>
    </Card>
  );
}
