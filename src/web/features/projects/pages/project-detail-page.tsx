import { ArrowLeft, Banknote, CheckCircle2, ListTodo, MessageSquare, TrendingUp } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ProjectDto } from '@/contracts/projects';
import type { TaskDto } from '@/contracts/tasks';
import { projectProgressFromTasks } from '@/domain/tasks';
import { PageHeader } from '@/web/components/page-header';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Progress } from '@/web/components/ui/progress';
import { Spinner } from '@/web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { toast } from '@/web/components/ui/use-toast';
import { formatMoney } from '@/web/lib/format';
import { useDeleteTask } from '../api/delete-task';
import { useProject } from '../api/get-project';
import { useProjectDocuments } from '../api/get-project-documents';
import { useProjectTasks } from '../api/get-project-tasks';
import { useProjectUpdates } from '../api/get-project-updates';
import { AddTaskForm } from '../components/add-task-form';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DocumentsPanel } from '../components/documents-panel';
import { DeleteProjectDialog, EditProjectDialog } from '../components/lazy-project-dialogs';
import { PlanInProgress } from '../components/plan-in-progress';
import { ProjectDataDate } from '../components/project-data-date';
import { DeadlineValue, DeadlineWarning } from '../components/project-deadline';
import { ProjectGantt } from '../components/project-gantt';
import { ShareCalendarDialog } from '../components/share-calendar-dialog';
import { ProjectStatusBadge } from '../components/status-badges';
import { TaskList } from '../components/task-list';
import { formatDay, formatMoment } from '../lib/dates';

/** The job's address and place on one line: "12 Harbor Dr, Duluth · MN, US". */
function siteLine(p: Pick<ProjectDto, 'siteAddress' | 'location'>): string {
  const place = p.location ? [p.location.state, p.location.country].filter(Boolean).join(', ') : '';
  return [p.siteAddress, place].filter(Boolean).join(' · ');
}

/** Recent Updates shows the latest 3. */
export const RECENT_UPDATES = 3;

function BackToPortfolio() {
  return (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to="/projects">
        <ArrowLeft aria-hidden="true" />
        Back to Portfolio
      </Link>
    </Button>
  );
}

function StatCard({ label, value, icon }: { label: string; value: ReactNode; icon: ReactNode }) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span className="text-muted-foreground [&_svg]:size-5">{icon}</span>
      </div>
      <p className="mt-2 text-xl font-bold tabular-nums sm:text-2xl">{value}</p>
    </Card>
  );
}

/** The timeline's order: by start, then position, then id (each start read once, not per comparison). */
function byStartDate(tasks: readonly TaskDto[]): TaskDto[] {
  return tasks
    .map((task) => ({ task, start: Date.parse(task.startDate) }))
    .sort((a, b) => a.start - b.start || a.task.position - b.task.position || a.task.id - b.task.id)
    .map(({ task }) => task);
}

/** /projects/:projectId: one project's figures, details, recent updates, timeline and documents. */
export function ProjectDetailPage() {
  const projectId = Number(useParams().projectId);
  const navigate = useNavigate();
  const project = useProject(projectId);
  const tasks = useProjectTasks(projectId);
  const updates = useProjectUpdates(projectId);
  const documents = useProjectDocuments(projectId);
  const deleteTask = useDeleteTask();
  const [deletingTask, setDeletingTask] = useState<TaskDto | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // The timeline view (list or Gantt) is in the address, so a Gantt link opens the Gantt.
  const [search, setSearch] = useSearchParams();
  const view = search.get('view') === 'gantt' ? 'gantt' : 'list';
  const setView = (next: string) =>
    setSearch(
      (params) => {
        if (next === 'gantt') params.set('view', 'gantt');
        else params.delete('view');
        return params;
      },
      { replace: true },
    );

  // Opened on the Gantt (a link, or a plan just generated): bring the timeline into view once the
  // project has loaded — on a phone it sits far below the summary cards.
  const timelineRef = useRef<HTMLDivElement>(null);
  const openedOnGantt = useRef(view === 'gantt');
  const projectLoaded = project.isSuccess;
  useEffect(() => {
    if (!projectLoaded || !openedOnGantt.current) return;
    openedOnGantt.current = false;
    timelineRef.current?.scrollIntoView({ block: 'start' });
  }, [projectLoaded]);

  const sorted = useMemo(() => byStartDate(tasks.data ?? []), [tasks.data]);
  const completed = sorted.filter((t) => t.status === 'completed').length;
  const overall = projectProgressFromTasks(sorted);

  if (project.isPending) {
    return (
      <div className="grid gap-6">
        <BackToPortfolio />
        <div className="flex justify-center py-16">
          <Spinner label="Loading project" />
        </div>
      </div>
    );
  }
  if (project.isError) {
    return (
      <div className="grid gap-6">
        <BackToPortfolio />
        <PageHeader title="Project not found" description="This project does not exist or was deleted." />
      </div>
    );
  }
  const p = project.data;

  const onDeleteTask = () => {
    if (!deletingTask) return;
    deleteTask.mutate(
      { id: deletingTask.id, projectId },
      {
        onSuccess: () => {
          setDeletingTask(null);
          toast({ title: 'Task deleted successfully' });
        },
        onError: () =>
          toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete task.' }),
      },
    );
  };

  return (
    <div className="grid gap-6">
      <BackToPortfolio />
      <PageHeader
        title={p.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>
              {p.client} • {p.type}
            </span>
            <ProjectStatusBadge status={p.status} awaitingAnswers={p.awaitingAnswers} />
          </span>
        }
        actions={
          <>
            <ShareCalendarDialog projectId={p.id} projectName={p.name} />
            <Button asChild variant="outline" size="sm">
              <Link to={`/projects/${p.id}/lookahead`}>Look-ahead</Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to={`/projects/${p.id}/delays`}>Delays</Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to={`/projects/${p.id}/budget`}>Budget</Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to={`/projects/${p.id}/invoices`}>Invoices</Link>
            </Button>
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              Edit Project
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="text-destructive"
              onClick={() => setDeleting(true)}
            >
              Delete Project
            </Button>
          </>
        }
      />

      <DeadlineWarning project={p} />
      <PlanInProgress projectId={p.id} />

      <section aria-label="Project figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label="Budget"
          value={formatMoney(p.budget, p.currency)}
          icon={<Banknote aria-hidden="true" />}
        />
        <StatCard
          label="Total Tasks"
          value={tasks.data ? sorted.length : '–'}
          icon={<ListTodo aria-hidden="true" />}
        />
        <StatCard
          label="Completed"
          value={tasks.data ? completed : '–'}
          icon={<CheckCircle2 aria-hidden="true" />}
        />
        <StatCard label="Progress" value={`${p.progress}%`} icon={<TrendingUp aria-hidden="true" />} />
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle as="h2">Project Details</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div>
              <h3 className="text-sm font-medium text-muted-foreground">Description</h3>
              <p className="mt-1 whitespace-pre-line">{p.description || 'No description provided.'}</p>
            </div>
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
              <div>
                <dt className="text-sm font-medium text-muted-foreground">Start Date</dt>
                <dd className="mt-1">{formatDay(p.startDate)}</dd>
              </div>
              <div>
                <dt className="text-sm font-medium text-muted-foreground">End Date</dt>
                <dd className="mt-1">
                  {formatDay(p.endDate)}
                  {sorted.length > 0 && (
                    <span className="mt-0.5 block text-xs text-muted-foreground">Scheduled finish</span>
                  )}
                </dd>
              </div>
              <DeadlineValue
                project={p}
                className="text-sm [&_dd]:mt-1 [&_dd]:text-base [&_dt]:font-medium"
              />
            </dl>
            {(p.siteAddress || p.location) && (
              <div>
                <h3 className="text-sm font-medium text-muted-foreground">Location</h3>
                <p className="mt-1">{siteLine(p)}</p>
              </div>
            )}
            <ProjectDataDate project={p} />
            <div>
              <div className="flex items-center justify-between text-sm">
                <h3 className="font-medium text-muted-foreground">Overall Progress</h3>
                <span className="font-medium tabular-nums">{overall}%</span>
              </div>
              <Progress
                value={overall}
                aria-label="Overall progress (share of tasks completed)"
                className="mt-2"
              />
              <p className="mt-1.5 text-xs text-muted-foreground">
                {completed} of {sorted.length} tasks completed
              </p>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Recent Updates</CardTitle>
          </CardHeader>
          <CardContent>
            {updates.isPending ? (
              <Spinner label="Loading updates" />
            ) : updates.isError ? (
              <p className="text-sm text-destructive">The updates could not be loaded.</p>
            ) : updates.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">No updates yet.</p>
            ) : (
              <ul className="grid gap-3" aria-label="Recent updates">
                {updates.data.slice(0, RECENT_UPDATES).map((u) => {
                  const task = u.taskId !== null ? sorted.find((t) => t.id === u.taskId) : undefined;
                  return (
                    <li key={u.id} className="flex gap-3 rounded-lg bg-muted p-3">
                      <MessageSquare className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                      <div className="min-w-0">
                        <p className="text-sm break-words">{u.message}</p>
                        <p className="mt-1 text-xs text-muted-foreground">
                          {task ? `${task.name} · ` : ''}
                          {formatMoment(u.createdAt)}
                        </p>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>

      <Card ref={timelineRef} className="scroll-mt-4">
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle as="h2">Project Timeline</CardTitle>
          <div className="w-full sm:w-auto sm:min-w-80 sm:max-w-lg sm:flex-1 sm:[&>button]:ml-auto sm:flex sm:justify-end">
            <AddTaskForm projectId={projectId} />
          </div>
        </CardHeader>
        <CardContent>
          <Tabs value={view} onValueChange={setView}>
            <TabsList aria-label="Timeline view">
              <TabsTrigger value="list">List</TabsTrigger>
              <TabsTrigger value="gantt">Gantt</TabsTrigger>
            </TabsList>
            <TabsContent value="list">
              {tasks.isPending ? (
                <Spinner label="Loading tasks" />
              ) : tasks.isError ? (
                <p className="text-sm text-destructive">The tasks could not be loaded.</p>
              ) : sorted.length === 0 ? (
                <p className="py-6 text-center text-sm text-muted-foreground">
                  No tasks yet. Add the first task to start the timeline.
                </p>
              ) : (
                <TaskList tasks={sorted} onDelete={setDeletingTask} />
              )}
            </TabsContent>
            <TabsContent value="gantt">
              {tasks.isPending ? (
                <Spinner label="Loading tasks" />
              ) : tasks.isError ? (
                <p className="text-sm text-destructive">The tasks could not be loaded.</p>
              ) : sorted.length === 0 ? (
                <p className="py-6 text-center text-sm text-muted-foreground">
                  No tasks yet. Add tasks to see them on the Gantt chart.
                </p>
              ) : (
                <ProjectGantt
                  projectId={projectId}
                  projectName={p.name}
                  tasks={sorted}
                  dataDate={p.dataDate}
                  calendar={p.calendar}
                />
              )}
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>

      <DocumentsPanel
        projectId={projectId}
        documents={documents.data}
        loading={documents.isPending}
        failed={documents.isError}
        description="Estimates, drawings, permits and photos of this project and its tasks."
      />

      <ConfirmDialog
        open={deletingTask !== null}
        onOpenChange={(open) => {
          if (!open) setDeletingTask(null);
        }}
        title="Delete Task"
        description="Are you sure you want to delete this task?"
        confirmLabel="Delete Task"
        pendingLabel="Deleting..."
        pending={deleteTask.isPending}
        onConfirm={onDeleteTask}
      />
      {editing && <EditProjectDialog project={p} open onOpenChange={setEditing} />}
      {deleting && (
        <DeleteProjectDialog
          project={p}
          open
          onOpenChange={setDeleting}
          onDeleted={() => void navigate('/projects', { replace: true })}
        />
      )}
    </div>
  );
}
