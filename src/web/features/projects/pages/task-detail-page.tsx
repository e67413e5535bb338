import { ArrowLeft, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { TaskDto } from '@/contracts/tasks';
import { PageHeader } from '@/web/components/page-header';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useTask } from '../api/get-task';
import { useTaskDocuments } from '../api/get-task-documents';
import { DocumentsPanel } from '../components/documents-panel';
import { CriticalPathBadge, TaskStatusBadge } from '../components/status-badges';
import { TaskChecklist } from '../components/task-checklist';
import { TaskEditForm } from '../components/task-edit-form';
import { TaskMaterials, TaskMaterialsNotes } from '../components/task-materials';
import { TaskSummary } from '../components/task-summary';
import { TaskUpdates } from '../components/task-updates';

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

function TaskWorkspace({ task }: { task: TaskDto }) {
  const [editing, setEditing] = useState(false);
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
              <Button variant="outline" size="sm" onClick={() => setEditing(true)} className="shrink-0">
                <Pencil aria-hidden="true" />
                Edit
              </Button>
            )}
          </div>
          {editing ? (
            <TaskEditForm task={task} onDone={() => setEditing(false)} />
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
