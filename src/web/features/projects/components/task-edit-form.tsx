import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import { TASK_STATUSES, type TaskStatus } from '@/contracts/enums';
import { type TaskDto, type UpdateTaskBody, updateTaskBody } from '@/contracts/tasks';
import { checkTypedDates, dayLabel, type TypedDateField } from '@/domain/schedule/typed-date-check';
import { Button } from '@/web/components/ui/button';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  InputField,
} from '@/web/components/ui/form';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { useProject } from '../api/get-project';
import { useProjectTasks } from '../api/get-project-tasks';
import { useUndoableTaskChange } from '../api/restore-tasks';
import { useUpdateTask } from '../api/update-task';
import { toDateInput } from '../lib/dates';
import { refusedDates } from '../lib/refused-dates';
import { TASK_STATUS_LABELS } from '../lib/status';
import { calendarOfProject, predecessorDates, typedDateTask } from '../lib/task-date-hold';
import { DateReason } from './date-reason';

interface TaskFormValues {
  name: string;
  description: string;
  status: TaskStatus;
  startDate: string;
  endDate: string;
}

/* The contract schema validates the edit form (its input types are looser than the fields). */
const taskResolver = zodResolver(updateTaskBody) as unknown as Resolver<
  TaskFormValues,
  unknown,
  UpdateTaskBody
>;

/**
 * Edit mode: name, description, status, dates; Save and Cancel. Typed dates are checked before
 * saving by the domain rule the server applies (`checkTypedDates`): a date a link, the materials, the
 * calendar or an actual start does not allow is explained under its field, with the nearest allowed
 * day to use, and Save waits until it is changed. Saved dates can be undone from the notice.
 */
export function TaskEditForm({ task, onDone }: { task: TaskDto; onDone: () => void }) {
  const update = useUpdateTask();
  const project = useProject(task.projectId);
  const projectTasks = useProjectTasks(task.projectId);
  const undoable = useUndoableTaskChange();
  const form = useForm<TaskFormValues, unknown, UpdateTaskBody>({
    resolver: taskResolver,
    defaultValues: {
      name: task.name,
      description: task.description ?? '',
      status: task.status,
      startDate: toDateInput(task.startDate),
      endDate: toDateInput(task.endDate),
    },
  });
  const [startDate, endDate] = form.watch(['startDate', 'endDate']);
  const check =
    startDate && endDate
      ? checkTypedDates(
          calendarOfProject(project.data),
          typedDateTask(task),
          predecessorDates(projectTasks.data ?? []),
          { startDate, endDate },
        )
      : { change: {}, problems: [] };
  const problem = (field: TypedDateField) => check.problems.find((p) => p.field === field);
  const datesMove = startDate !== toDateInput(task.startDate) || endDate !== toDateInput(task.endDate);

  const onSubmit = form.handleSubmit((fields) => {
    if (check.problems.length) return;
    const body: UpdateTaskBody = { ...fields };
    // Dates left as they were are not sent: an unchanged form re-dates nothing.
    if (!datesMove) {
      delete body.startDate;
      delete body.endDate;
    }
    const save = () => update.mutateAsync({ id: task.id, body });
    // A change of dates or status re-dates or re-progresses the task: it can be undone.
    const saved =
      datesMove || fields.status !== task.status
        ? undoable(task.projectId, 'Task updated successfully', save)
        : save().then(() => toast({ title: 'Task updated successfully' }));
    return saved.then(onDone, (error: unknown) => {
      const refused = refusedDates(error);
      if (refused) {
        for (const { field, reason, nearest } of refused) {
          form.setError(field, {
            message: nearest ? `${reason} Nearest allowed: ${dayLabel(nearest)}.` : reason,
          });
        }
        return;
      }
      toast({
        variant: 'destructive',
        title: 'Error',
        description: serverMessage(error) ?? 'Failed to update task.',
      });
    });
  });
  const use = (field: TypedDateField) => (day: string) => form.setValue(field, day, { shouldDirty: true });
  const startProblem = problem('startDate');
  const endProblem = problem('endDate');
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem className="sm:col-span-2">
              <FormLabel>Task Name</FormLabel>
              <FormControl>
                <Input {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem className="sm:col-span-2">
              <FormLabel>Description</FormLabel>
              <FormControl>
                <Textarea rows={3} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="status"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Status</FormLabel>
              <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                <FormControl>
                  <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                    <SelectValue />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {TASK_STATUSES.map((s) => (
                    <SelectItem key={s} value={s}>
                      {TASK_STATUS_LABELS[s]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {field.value === 'not-started' && task.status !== 'not-started' && (
                <p className="text-xs text-muted-foreground">
                  Not Started clears the progress and the actual dates.
                </p>
              )}
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="hidden sm:block" />
        <InputField control={form.control} name="startDate" label="Start Date" type="date" />
        <InputField control={form.control} name="endDate" label="Due Date" type="date" />
        {startProblem && (
          <DateReason reason={startProblem.reason} nearest={startProblem.nearest} onUse={use('startDate')} />
        )}
        {endProblem && (
          <DateReason reason={endProblem.reason} nearest={endProblem.nearest} onUse={use('endDate')} />
        )}
        <p className="text-xs text-muted-foreground sm:col-span-2">
          A new start date makes the task start no earlier than that day; a new due date sets its duration in
          working days. A date the schedule cannot keep is explained here before saving.
        </p>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="outline" onClick={() => onDone()} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending || check.problems.length > 0}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </Form>
  );
}
