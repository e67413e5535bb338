import { useQuery } from '@tanstack/react-query';
import { Download, FileText, ListChecks, Sparkles, Trash2, Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PlanGenerationSummaryDto } from '@/contracts/ai';
import { DOCUMENT_ACCEPT, type DocumentDto } from '@/contracts/documents';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { useDeleteDocument } from '../api/delete-document';
import { projectQueryOptions } from '../api/get-project';
import { projectTasksQueryOptions } from '../api/get-project-tasks';
import { useProjectPlans } from '../api/server-plans';
import { useUploadDocuments } from '../api/upload-documents';
import { formatFileSize, formatMoment } from '../lib/dates';
import { ConfirmDialog } from './confirm-dialog';
import { PlanConfirmDialog, plannedGenerationOf } from './plan-confirm-dialog';
import { isReadableEstimate } from './plan-progress';
import { PlanProgressOverlay } from './plan-progress-overlay';
import { usePlanGeneration } from './use-plan-generation';

/**
 * "Review the reading" of a document's latest generation that read it through (planned, or waiting
 * for answers): the estimate review, line by line. Nothing for a document never planned.
 */
function ReviewReadingLink({
  projectId,
  doc,
  generations,
}: {
  projectId: number;
  doc: DocumentDto;
  generations: readonly PlanGenerationSummaryDto[] | undefined;
}) {
  const generation = generations?.find(
    (g) => g.documentId === doc.id && (g.status === 'succeeded' || g.status === 'needs-input'),
  );
  if (!generation) return null;
  return (
    <Button asChild variant="ghost" size="sm" className="order-last w-full sm:order-none sm:w-auto">
      <Link
        to={`/projects/${projectId}/plans/${generation.generationId}/review`}
        aria-label={`Review the reading of ${doc.originalName}`}
      >
        <ListChecks aria-hidden="true" />
        Review the reading
      </Link>
    </Button>
  );
}

/**
 * A Documents panel: upload one or more files (to the project, or to one of its tasks), the list
 * with download links, and delete. On the project's panel, a readable estimate (PDF, image, Word,
 * spreadsheet, text) has "Generate plan": the stored file is read and planned with the progress
 * overlay, then the Gantt opens; when the project already has tasks, the user confirms first that
 * the plan's tasks are added to them, and a document already planned says that generating it again
 * adds nothing. A document planned (or waiting for answers) has "Review the reading": how its
 * estimate was read, line by line.
 */
export function DocumentsPanel({
  projectId,
  taskId,
  documents,
  loading,
  failed,
  description,
}: {
  projectId: number;
  taskId?: number;
  documents: DocumentDto[] | undefined;
  loading: boolean;
  failed: boolean;
  description: string;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [deleting, setDeleting] = useState<DocumentDto | null>(null);
  const [confirmingPlan, setConfirmingPlan] = useState<DocumentDto | null>(null);
  const upload = useUploadDocuments();
  const deleteDocument = useDeleteDocument();
  const canPlan = taskId === undefined;
  const project = useQuery({ ...projectQueryOptions(projectId), enabled: canPlan });
  const tasks = useQuery({ ...projectTasksQueryOptions(projectId), enabled: canPlan });
  const generation = usePlanGeneration();
  const existingTasks = tasks.data?.length ?? 0;
  // Which documents are planned already: generating one again adds nothing, and the dialog says so.
  const plans = useProjectPlans(projectId, canPlan);
  const navigate = useNavigate();

  const generatePlan = (doc: DocumentDto) => {
    setConfirmingPlan(null);
    if (!project.data) return;
    void generation.startForDocument(project.data, { id: doc.id, name: doc.originalName });
  };
  const onGeneratePlan = (doc: DocumentDto) => {
    if (existingTasks > 0 || plannedGenerationOf(plans.data, doc.id)) setConfirmingPlan(doc);
    else generatePlan(doc);
  };

  const onUpload = (e: FormEvent) => {
    e.preventDefault();
    if (files.length === 0) return;
    upload.mutate(
      { projectId, taskId, files },
      {
        onSuccess: (docs) => {
          setFiles([]);
          if (inputRef.current) inputRef.current.value = '';
          toast({
            title: docs.length === 1 ? 'Document uploaded' : `${docs.length} documents uploaded`,
          });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: `Failed to upload: ${serverMessage(error) ?? 'Please try again.'}`,
          }),
      },
    );
  };

  const onDelete = () => {
    if (!deleting) return;
    deleteDocument.mutate(deleting, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: 'Document deleted' });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: `Failed to delete document: ${serverMessage(error) ?? 'Please try again.'}`,
        }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Documents</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={onUpload} className="grid gap-2">
          <Label htmlFor={inputId}>Add files</Label>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              multiple
              accept={DOCUMENT_ACCEPT}
              onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
              className="block w-full min-w-0 text-sm text-muted-foreground file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium file:text-foreground hover:file:bg-secondary"
            />
            <Button type="submit" disabled={files.length === 0 || upload.isPending} className="sm:w-auto">
              <Upload aria-hidden="true" />
              {upload.isPending ? 'Uploading...' : 'Upload'}
            </Button>
          </div>
        </form>

        {loading ? (
          <Spinner label="Loading documents" />
        ) : failed ? (
          <p className="text-sm text-destructive">The documents could not be loaded.</p>
        ) : !documents || documents.length === 0 ? (
          <p className="text-sm text-muted-foreground">No documents yet.</p>
        ) : (
          // One column that may shrink: a long file name is truncated, never widening the page.
          <ul className="grid grid-cols-1 gap-2" aria-label="Documents">
            {documents.map((doc) => (
              // On a phone, Generate plan gets a line of its own under the name and the icons.
              <li
                key={doc.id}
                className="flex min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-lg border border-border px-3 py-2"
              >
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium">{doc.originalName}</p>
                    <p className="text-xs text-muted-foreground">
                      {doc.type.toUpperCase()} · {formatFileSize(doc.fileSize)} ·{' '}
                      {formatMoment(doc.uploadedAt)}
                    </p>
                  </div>
                </div>
                {canPlan && <ReviewReadingLink projectId={projectId} doc={doc} generations={plans.data} />}
                {canPlan && isReadableEstimate(doc.type) && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="order-last w-full sm:order-none sm:w-auto"
                    aria-label={`Generate plan from ${doc.originalName}`}
                    disabled={!project.data || tasks.isPending || generation.run !== null}
                    onClick={() => onGeneratePlan(doc)}
                  >
                    <Sparkles aria-hidden="true" />
                    Generate plan
                  </Button>
                )}
                <div className="flex shrink-0 items-center">
                  <Button asChild variant="ghost" size="icon" className="size-8">
                    <a
                      href={doc.downloadUrl}
                      download={doc.originalName}
                      aria-label={`Download ${doc.originalName}`}
                    >
                      <Download aria-hidden="true" />
                    </a>
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 text-destructive hover:text-destructive"
                    aria-label={`Delete ${doc.originalName}`}
                    onClick={() => setDeleting(doc)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete Document"
        description={`Are you sure you want to delete "${deleting?.originalName ?? ''}"? This cannot be undone.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deleteDocument.isPending}
        onConfirm={onDelete}
      />
      <PlanConfirmDialog
        doc={confirmingPlan}
        planned={confirmingPlan ? plannedGenerationOf(plans.data, confirmingPlan.id) : undefined}
        existingTasks={existingTasks}
        onCancel={() => setConfirmingPlan(null)}
        onGenerate={generatePlan}
        onOpenGantt={() => {
          setConfirmingPlan(null);
          void navigate(`/projects/${projectId}?view=gantt`);
        }}
      />
      {generation.run && (
        <PlanProgressOverlay
          run={generation.run}
          serverProgress={generation.serverProgress}
          onStopAfterCurrent={generation.stopAfterCurrent}
          onAcknowledge={generation.acknowledge}
          onAnswer={generation.answer}
        />
      )}
    </Card>
  );
}
