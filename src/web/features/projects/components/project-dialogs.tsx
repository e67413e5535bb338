import { Plus } from 'lucide-react';
import { type ComponentProps, type FormEvent, useRef, useState } from 'react';
import type { ProjectDto } from '@/contracts/projects';
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
import { Form } from '@/web/components/ui/form';
import { dismissToast, toast } from '@/web/components/ui/use-toast';
import { apiFailureReason, serverMessage } from '@/web/lib/api-client';
import { useCreateProject } from '../api/create-project';
import { useDeleteProject } from '../api/delete-project';
import { useProjectTasks } from '../api/get-project-tasks';
import { useUpdateProject } from '../api/update-project';
import { useUploadDocuments } from '../api/upload-documents';
import { toDateInput } from '../lib/dates';
import { ConfirmDialog } from './confirm-dialog';
import { DiscardDialog, keepOpenForInnerLayer, useDiscardGuard } from './discard-guard';
import { isDrawing } from './plan-progress';
import { PlanProgressOverlay } from './plan-progress-overlay';
import {
  AttachmentsField,
  newProjectDefaults,
  notifyValidationError,
  ProjectFormFields,
  useCreateProjectForm,
  useEditProjectForm,
} from './project-form';
import { usePlanGeneration } from './use-plan-generation';
import { useTypeFromEstimate } from './use-type-from-estimate';

/** Whether the form still holds what it opened with (fields left out count as unchanged). */
const sameValues = (values: unknown, defaults: unknown) =>
  JSON.stringify(values) === JSON.stringify(defaults);

/**
 * New Project: the project form plus optional attachments. The project is created
 * first; with attachments, the dialog gives way to the progress overlay, which keeps them as the
 * project's documents, reads each estimate and plans it, and opens the project's Gantt at the end.
 * Drawings alone are only stored (they are never read), as the dialog did before plans.
 */
export function NewProjectDialog({
  defaultOpen = false,
  label = 'New Project',
  size,
}: {
  defaultOpen?: boolean;
  /** The button's words ("New Project", or the empty portfolio's "Create your first project"). */
  label?: string;
  size?: ComponentProps<typeof Button>['size'];
}) {
  const [open, setOpen] = useState(defaultOpen);
  const [files, setFiles] = useState<File[]>([]);
  const form = useCreateProjectForm();
  const type = useTypeFromEstimate(form, files);
  const createProject = useCreateProject();
  const upload = useUploadDocuments();
  const generation = usePlanGeneration();
  const pending = createProject.isPending || upload.isPending;
  const hasEstimate = files.some((f) => !isDrawing(f.name));
  const guard = useDiscardGuard(
    () => files.length > 0 || !sameValues(form.getValues(), form.formState.defaultValues),
  );

  const close = () => {
    setOpen(false);
    form.reset(newProjectDefaults());
    setFiles([]);
    type.reset();
    // A Validation Error notice is about this form: it goes with it.
    dismissToast();
  };

  const submit = form.handleSubmit(async (values) => {
    let project: ProjectDto;
    try {
      project = await createProject.mutateAsync(values);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: `Failed to create project: ${serverMessage(error) ?? 'Please try again.'}`,
      });
      return;
    }
    const attached = files;
    if (attached.some((f) => !isDrawing(f.name))) {
      close();
      // Not awaited: the form is done; the overlay carries the run from here.
      void generation.startForNewProject(project, attached);
      return;
    }
    // No attachment (or only drawings, which are never read): nothing to plan, the files are stored.
    if (attached.length > 0) {
      try {
        await upload.mutateAsync({ projectId: project.id, files: attached });
      } catch (error) {
        close();
        toast({
          variant: 'destructive',
          title: 'Error',
          description: `"${project.name}" was created, but its attachments could not be stored: ${
            serverMessage(error) ?? 'Please try again.'
          }`,
        });
        return;
      }
    }
    close();
    toast({ title: 'Project created successfully!' });
  }, notifyValidationError);
  // With an estimate attached the budget may stay blank: the estimate's total becomes the budget.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (hasEstimate && !form.getValues('budget').trim()) form.setValue('budget', '0');
    return submit(event);
  };

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : pending ? undefined : guard.attempt(close))}
      >
        <DialogTrigger asChild>
          <Button size={size}>
            <Plus aria-hidden="true" />
            {label}
          </Button>
        </DialogTrigger>
        <DialogContent className="sm:max-w-2xl" onEscapeKeyDown={keepOpenForInnerLayer}>
          <DialogHeader>
            <DialogTitle>Create New Project</DialogTitle>
            <DialogDescription>Add a project to your portfolio.</DialogDescription>
          </DialogHeader>
          <Form {...form}>
            <form onSubmit={onSubmit} noValidate className="grid gap-5">
              <ProjectFormFields
                form={form}
                mode="create"
                budgetFromEstimate={hasEstimate}
                typeFromEstimate={type.fromEstimate}
                onTypeChosen={type.chosen}
              />
              <AttachmentsField files={files} onChange={setFiles} disabled={pending} />
              <FormDialogFooter
                pending={pending}
                onCancel={() => guard.attempt(close)}
                submitLabel="Create Project"
                pendingLabel="Creating..."
              />
            </form>
          </Form>
        </DialogContent>
      </Dialog>
      <DiscardDialog guard={guard} what="the new project" />
      {generation.run && (
        <PlanProgressOverlay
          run={generation.run}
          serverProgress={generation.serverProgress}
          onStopAfterCurrent={generation.stopAfterCurrent}
          onAcknowledge={generation.acknowledge}
          onAnswer={generation.answer}
        />
      )}
    </>
  );
}

function EditProjectForm({
  project,
  onDone,
  onCancel,
  dirtyRef,
}: {
  project: ProjectDto;
  onDone: () => void;
  onCancel: () => void;
  /** Told whether the form has changes, for the dialog's question before discarding them. */
  dirtyRef: { current: () => boolean };
}) {
  const scheduled = (useProjectTasks(project.id).data?.length ?? 0) > 0;
  const scheduledRef = useRef(scheduled);
  scheduledRef.current = scheduled;
  const form = useEditProjectForm(project, () => scheduledRef.current);
  dirtyRef.current = () => !sameValues(form.getValues(), form.formState.defaultValues);
  const updateProject = useUpdateProject();
  const savedStart = toDateInput(project.startDate);
  const onSubmit = form.handleSubmit((values) => {
    // The schedule moves only with a changed start, and only when the user left that ticked.
    const shift =
      values.startDate !== undefined && values.startDate !== savedStart && values.shiftSchedule !== false;
    const body = { ...values, shiftSchedule: shift || undefined };
    return updateProject.mutateAsync({ id: project.id, body }).then(
      () => {
        onDone();
        toast({
          title: 'Project updated',
          description: shift
            ? 'Project updated; its schedule moved with the new start date.'
            : 'Project has been updated successfully.',
        });
      },
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: `Failed to update project: ${serverMessage(error) ?? 'Please try again.'}`,
        }),
    );
  }, notifyValidationError);
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <ProjectFormFields form={form} mode="edit" savedStart={savedStart} scheduled={scheduled} />
        <FormDialogFooter
          pending={updateProject.isPending}
          onCancel={onCancel}
          submitLabel="Update Project"
          pendingLabel="Updating..."
        />
      </form>
    </Form>
  );
}

/** Edit Project: every field of the project, status and progress included. */
export function EditProjectDialog({
  project,
  open,
  onOpenChange,
}: {
  project: ProjectDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const dirtyRef = useRef(() => false);
  const guard = useDiscardGuard(() => dirtyRef.current());
  const close = () => onOpenChange(false);
  return (
    <>
      <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : guard.attempt(close))}>
        <DialogContent className="sm:max-w-2xl" onEscapeKeyDown={keepOpenForInnerLayer}>
          <DialogHeader>
            <DialogTitle>Edit Project</DialogTitle>
            <DialogDescription>Update project details and settings.</DialogDescription>
          </DialogHeader>
          {/* Mounted only while open, so each opening starts from the saved project. */}
          {open && (
            <EditProjectForm
              project={project}
              onDone={close}
              onCancel={() => guard.attempt(close)}
              dirtyRef={dirtyRef}
            />
          )}
        </DialogContent>
      </Dialog>
      <DiscardDialog guard={guard} what="your changes" />
    </>
  );
}

/** Delete Project: confirm, then a notice of success, or of failure with the server's reason. */
export function DeleteProjectDialog({
  project,
  open,
  onOpenChange,
  onDeleted,
}: {
  project: ProjectDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const deleteProject = useDeleteProject();
  const onConfirm = () =>
    deleteProject.mutate(project.id, {
      onSuccess: () => {
        onOpenChange(false);
        toast({ title: 'Project deleted', description: 'Project has been successfully deleted' });
        onDeleted?.();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: `Failed to delete project: ${apiFailureReason(error) ?? 'Please try again'}`,
        }),
    });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Project"
      description={`Are you sure you want to delete "${project.name}"? This action cannot be undone and will also delete all associated tasks and data.`}
      confirmLabel="Delete Project"
      pendingLabel="Deleting..."
      pending={deleteProject.isPending}
      onConfirm={onConfirm}
    />
  );
}
