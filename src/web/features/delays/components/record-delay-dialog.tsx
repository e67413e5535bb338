import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import {
  type CreateDelayBody,
  createDelayBody,
  DELAY_CAUSE_LABELS,
  MAX_DELAY_DAYS,
} from '@/contracts/delays';
import { DELAY_CAUSES, type DelayCause } from '@/contracts/enums';
import { FormDialogFooter } from '@/web/components/form-dialog-footer';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/web/components/ui/form';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { localToday } from '@/web/lib/local-today';
import { type DelayTaskChoice, useDelayTasks } from '../api/get-delay-tasks';
import { useRecordDelay } from '../api/record-delay';
import { movementSentence } from '../lib/delay-report';

/** What the fields hold: the task as its id (none chosen yet), days as the number input reads it. */
interface DelayFormValues {
  taskId: number | undefined;
  cause: DelayCause;
  days: number;
  date: string;
  note: string;
}

const resolver = zodResolver(createDelayBody) as unknown as Resolver<
  DelayFormValues,
  unknown,
  CreateDelayBody
>;

const defaults = (): DelayFormValues => ({
  taskId: undefined,
  cause: 'weather',
  days: 1,
  date: localToday(),
  note: '',
});

/** Tasks not completed first (a delay is usually on work ahead), critical ones marked. */
function TaskOptions({ tasks }: { tasks: readonly DelayTaskChoice[] }) {
  const open = tasks.filter((t) => t.status !== 'completed');
  const done = tasks.filter((t) => t.status === 'completed');
  return [...open, ...done].map((task) => (
    <SelectItem key={task.id} value={String(task.id)}>
      {task.name}
      {task.isCritical ? ' · critical' : ''}
      {task.status === 'completed' ? ' · done' : ''}
    </SelectItem>
  ));
}

type DelayForm = ReturnType<typeof useDelayForm>;

/** The delayed task, chosen from the project's tasks. */
function TaskField({ form, tasks }: { form: DelayForm; tasks: readonly DelayTaskChoice[] }) {
  return (
    <FormField
      control={form.control}
      name="taskId"
      render={({ field }) => (
        <FormItem className="sm:col-span-2">
          <FormLabel>Task</FormLabel>
          <Select
            value={field.value === undefined ? '' : String(field.value)}
            onValueChange={(v) => field.onChange(Number(v))}
            name={field.name}
          >
            <FormControl>
              <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                <SelectValue placeholder={tasks.length ? 'Choose the delayed task' : 'No tasks yet'} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              <TaskOptions tasks={tasks} />
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Why the days were lost. */
function CauseField({ form }: { form: DelayForm }) {
  return (
    <FormField
      control={form.control}
      name="cause"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Cause</FormLabel>
          <Select
            value={field.value}
            onValueChange={(v) => field.onChange(v as DelayCause)}
            name={field.name}
          >
            <FormControl>
              <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {DELAY_CAUSES.map((cause) => (
                <SelectItem key={cause} value={cause}>
                  {DELAY_CAUSE_LABELS[cause]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Working days lost, as the number input reads them. */
function DaysField({ form }: { form: DelayForm }) {
  return (
    <FormField
      control={form.control}
      name="days"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Working days lost</FormLabel>
          <FormControl>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_DELAY_DAYS}
              step={1}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={Number.isNaN(field.value) ? '' : field.value}
              onChange={(e) => field.onChange(e.target.valueAsNumber)}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** The day the delay began (today by default). */
function DateField({ form }: { form: DelayForm }) {
  return (
    <FormField
      control={form.control}
      name="date"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Date it began</FormLabel>
          <FormControl>
            <Input type="date" {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** What happened, and any reference. */
function NoteField({ form }: { form: DelayForm }) {
  return (
    <FormField
      control={form.control}
      name="note"
      render={({ field }) => (
        <FormItem className="sm:col-span-2">
          <FormLabel>Note (optional)</FormLabel>
          <FormControl>
            <Textarea
              rows={3}
              placeholder="What happened, and any reference (RFI, change order, report)"
              {...field}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function DelayFields({ form, tasks }: { form: DelayForm; tasks: readonly DelayTaskChoice[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TaskField form={form} tasks={tasks} />
      <CauseField form={form} />
      <DaysField form={form} />
      <DateField form={form} />
      <NoteField form={form} />
    </div>
  );
}

function useDelayForm() {
  return useForm<DelayFormValues, unknown, CreateDelayBody>({ resolver, defaultValues: defaults() });
}

/** Record delay: the delayed task, cause, days, date and note; the project is re-scheduled with it. */
export function RecordDelayDialog({ projectId }: { projectId: number }) {
  const [open, setOpen] = useState(false);
  const form = useDelayForm();
  const tasks = useDelayTasks(projectId, open);
  const recordDelay = useRecordDelay();

  const close = () => {
    setOpen(false);
    form.reset(defaults());
  };

  const onSubmit = form.handleSubmit((body) =>
    recordDelay.mutateAsync({ projectId, body }).then(
      (recorded) => {
        close();
        toast({ title: 'Delay recorded', description: movementSentence(recorded) });
      },
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: 'The delay was not recorded',
          description: serverMessage(error) ?? 'Please try again.',
        }),
    ),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : recordDelay.isPending ? undefined : close())}
    >
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden="true" />
          Record delay
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Record delay</DialogTitle>
          <DialogDescription>
            The task takes this many working days longer and the project is re-scheduled. Weather days also
            stop the project&apos;s weather-sensitive work on those days.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-5">
            <DelayFields form={form} tasks={tasks.data ?? []} />
            <FormDialogFooter
              pending={recordDelay.isPending}
              onCancel={close}
              submitLabel="Record delay"
              pendingLabel="Recording..."
            />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
