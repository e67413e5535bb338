import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CalendarClock, Pencil, X } from 'lucide-react';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { TASK_STATUSES, type TaskStatus } from '@/contracts/enums';
import { type TaskDto, type UpdateTaskBody, updateTaskBody } from '@/contracts/tasks';
import { typedDatesChange } from '@/domain/schedule/typed-task-dates';
import { progressBarChange } from '@/domain/tasks';
import { PageHeader } from '@/web/components/page-header';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
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
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useProject } from '../api/get-project';
import { useProjectTasks } from '../api/get-project-tasks';
import { useTask } from '../api/get-task';
import { useTaskDocuments } from '../api/get-task-documents';
import { useOptimisticTaskUpdate, useUpdateTask } from '../api/update-task';
import { DocumentsPanel } from '../components/documents-panel';
import { ProgressSlider } from '../components/progress-slider';
import { CriticalPathBadge, TaskStatusBadge } from '../components/status-badges';
import { TaskAssignee } from '../components/task-assignee';
import { TaskChecklist } from '../components/task-checklist';
import { TaskDependencies } from '../components/task-dependencies';
import { TaskMaterials, TaskMaterialsNotes } from '../components/task-materials';
import { TaskRemaining } from '../components/task-remaining';
import { TaskUpdates } from '../components/task-updates';
import { formatDay, toDateInput } from '../lib/dates';
import { TASK_STATUS_LABELS } from '../lib/status';
import { calendarOfProject, startHoldMessage } from '../lib/task-date-hold';

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

function BackToProject({ projectId }: { projectId: string | undefined }) {
  return (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to={projectId ? `/projects/${encodeURIComponent(projectId)}` : '/projects'}>
        <ArrowLeft aria-hidden="true" />
        Back to Project
      </Link>
    </Button>
  );
}

/**
 * Edit mode: name, description, status, dates; Save and Cancel. A typed start becomes the task's
 * start-no-earlier-than day and a typed due date its duration in working days; when the schedule
 * starts the task later (a predecessor or the materials hold it), `onDone` gets the reason.
 */
function TaskEditForm({ task, onDone }: { task: TaskDto; onDone: (held?: string) => void }) {
  const update = useUpdateTask();
  const project = useProject(task.projectId);
  const projectTasks = useProjectTasks(task.projectId);
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
  const onSubmit = form.handleSubmit(({ startDate, endDate, ...fields }) => {
    const calendar = calendarOfProject(project.data);
    const current = { startDate: toDateInput(task.startDate), endDate: toDateInput(task.endDate) };
    const typed = { startDate: startDate ?? current.startDate, endDate: endDate ?? current.endDate };
    const dates = typedDatesChange(calendar, { ...current, duration: task.duration }, typed);
    return update.mutateAsync({ id: task.id, body: { ...fields, ...dates } }).then(
      (saved) => {
        const held =
          dates.startNoEarlierThan === undefined
            ? null
            : startHoldMessage(calendar, saved, dates.startNoEarlierThan, projectTasks.data ?? []);
        if (held) {
          onDone(held);
          return;
        }
        onDone();
        toast({ title: 'Task updated successfully' });
      },
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: serverMessage(error) ?? 'Failed to update task.',
        }),
    );
  });
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
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="hidden sm:block" />
        <InputField control={form.control} name="startDate" label="Start Date" type="date" />
        <InputField control={form.control} name="endDate" label="Due Date" type="date" />
        <p className="text-xs text-muted-foreground sm:col-span-2">
          A new start date makes the task start no earlier than that day (its predecessors may still hold it
          later); a new due date sets its duration in working days.
        </p>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="outline" onClick={() => onDone()} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </Form>
  );
}

/** The task at a glance: description, the clickable progress bar, dates. */
function TaskSummary({ task }: { task: TaskDto }) {
  const save = useOptimisticTaskUpdate(task.id);
  const clear = useUpdateTask();
  // A click on the progress bar saves the percentage, and the status the domain rule gives it, at once.
  const onProgress = (value: number) => {
    const change = progressBarChange(value);
    return save.mutateAsync({ body: change, optimistic: change }).catch((error: unknown) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: serverMessage(error) ?? 'Failed to update task.',
      }),
    );
  };
  return (
    <div className="grid gap-5">
      <div>
        <h2 className="text-sm font-medium text-muted-foreground">Description</h2>
        <p className="mt-1 whitespace-pre-line">{task.description || 'No description provided.'}</p>
      </div>
      <div>
        <div className="flex items-center justify-between text-sm">
          <h2 className="font-medium text-muted-foreground">Progress</h2>
          <span className="font-medium tabular-nums">{task.progress}%</span>
        </div>
        <ProgressSlider value={task.progress} onCommit={onProgress} label="Task progress" className="mt-1" />
        <p className="mt-1 text-xs text-muted-foreground">Click the bar to set the progress.</p>
      </div>
      <TaskRemaining key={`${task.remainingDuration}-${task.progress}`} task={task} />
      <TaskAssignee task={task} />
      <dl className="grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm font-medium text-muted-foreground">Start Date</dt>
          <dd className="mt-1">{formatDay(task.startDate)}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-muted-foreground">Due Date</dt>
          <dd className="mt-1">{formatDay(task.endDate)}</dd>
        </div>
        {task.actualStart && (
          <div>
            <dt className="text-sm font-medium text-muted-foreground">Actual start</dt>
            <dd className="mt-1">{formatDay(task.actualStart)}</dd>
          </div>
        )}
        {task.actualFinish && (
          <div>
            <dt className="text-sm font-medium text-muted-foreground">Actual finish</dt>
            <dd className="mt-1">{formatDay(task.actualFinish)}</dd>
          </div>
        )}
        {task.startNoEarlierThan && (
          <div className="col-span-2">
            <dt className="text-sm font-medium text-muted-foreground">Starts no earlier than</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2">
              {formatDay(task.startNoEarlierThan)}
              <Button
                variant="ghost"
                size="sm"
                disabled={clear.isPending}
                onClick={() =>
                  clear.mutate(
                    { id: task.id, body: { startNoEarlierThan: null } },
                    {
                      onSuccess: () => toast({ title: 'Start date constraint removed' }),
                      onError: (error) =>
                        toast({
                          variant: 'destructive',
                          title: 'Error',
                          description: serverMessage(error) ?? 'Failed to update task.',
                        }),
                    },
                  )
                }
              >
                Remove
              </Button>
            </dd>
          </div>
        )}
      </dl>
      <TaskDependencies task={task} />
    </div>
  );
}

function TaskWorkspace({ task }: { task: TaskDto }) {
  const [editing, setEditing] = useState(false);
  // Why the last typed start was not kept (a predecessor or the materials hold the task later).
  const [held, setHeld] = useState<string | null>(null);
  const documents = useTaskDocuments(task.id);
  useDocumentTitle(task.name);
  return (
    <>
      <Card>
        <CardContent className="grid gap-5 pt-6">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{task.name}</h1>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <span>Phase: {task.phase || 'Unassigned'}</span>
                <span aria-hidden="true">•</span>
                {task.isCritical ? <CriticalPathBadge /> : <span>Not on the critical path</span>}
                <TaskStatusBadge status={task.status} />
              </div>
            </div>
            {!editing && (
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  setHeld(null);
                  setEditing(true);
                }}
                className="shrink-0"
              >
                <Pencil aria-hidden="true" />
                Edit
              </Button>
            )}
          </div>
          {held && !editing && (
            <div
              role="alert"
              className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            >
              <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <div className="min-w-0 flex-1">
                <p className="font-medium">The start date could not be kept</p>
                <p className="mt-0.5">{held}</p>
              </div>
              <Button variant="ghost" size="sm" onClick={() => setHeld(null)} aria-label="Dismiss">
                <X aria-hidden="true" />
              </Button>
            </div>
          )}
          {editing ? (
            <TaskEditForm
              task={task}
              onDone={(reason) => {
                setEditing(false);
                setHeld(reason ?? null);
              }}
            />
          ) : (
            <TaskSummary task={task} />
          )}
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <TaskChecklist task={task} />
        <TaskUpdates taskId={task.id} />
        <TaskMaterials task={task} />
        <TaskMaterialsNotes key={task.materialsNotes} task={task} />
      </div>

      <DocumentsPanel
        projectId={task.projectId}
        taskId={task.id}
        documents={documents.data}
        loading={documents.isPending}
        failed={documents.isError}
        description="Files attached to this task."
      />
    </>
  );
}

/** /projects/:projectId/tasks/:taskId: the task workspace. */
export function TaskDetailPage() {
  const { projectId, taskId } = useParams();
  const task = useTask(Number(taskId));
  return (
    <div className="grid gap-6">
      <BackToProject projectId={projectId} />
      {task.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading task" />
        </div>
      ) : task.isError || String(task.data.projectId) !== projectId ? (
        <PageHeader title="Task not found" description="This task does not exist or was deleted." />
      ) : (
        <TaskWorkspace task={task.data} />
      )}
    </div>
  );
}
