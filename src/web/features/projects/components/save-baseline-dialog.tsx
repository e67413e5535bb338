/**
 * "Save baseline…": a name, saved with the current dates of every task. Its form's code is fetched
 * when the dialog is first wanted (see baseline-controls.tsx), not with the Gantt.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type BaselineDto, type CreateBaselineBody, createBaselineBody } from '@/contracts/baselines';
import { FormDialogFooter } from '@/web/components/form-dialog-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Form, InputField } from '@/web/components/ui/form';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { useCreateBaseline } from '../api/create-baseline';

export function SaveBaselineDialog({
  projectId,
  open,
  onOpenChange,
  suggestedName,
  onSaved,
}: {
  projectId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  suggestedName: string;
  onSaved: (baseline: BaselineDto) => void;
}) {
  const create = useCreateBaseline();
  const form = useForm<CreateBaselineBody>({
    resolver: zodResolver(createBaselineBody),
    values: { name: suggestedName },
  });
  const onSubmit = form.handleSubmit((body) =>
    create.mutate(
      { projectId, body },
      {
        onSuccess: (baseline) => {
          onOpenChange(false);
          onSaved(baseline);
          toast({ title: `Baseline "${baseline.name}" saved`, description: `${baseline.taskCount} tasks` });
        },
        onError: (error) =>
          form.setError('name', { message: serverMessage(error) ?? 'The baseline was not saved.' }),
      },
    ),
  );
  return (
    <Dialog open={open} onOpenChange={(next) => (create.isPending ? undefined : onOpenChange(next))}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Save baseline</DialogTitle>
          <DialogDescription>
            Keeps the current start and finish of every task, to compare the schedule with as the job goes on.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <InputField control={form.control} name="name" label="Name" maxLength={100} autoFocus />
            <FormDialogFooter
              pending={create.isPending}
              onCancel={() => onOpenChange(false)}
              submitLabel="Save baseline"
              pendingLabel="Saving..."
            />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
