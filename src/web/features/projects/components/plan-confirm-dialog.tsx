import type { PlanGenerationSummaryDto } from '@/contracts/ai';
import type { DocumentDto } from '@/contracts/documents';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { formatMoment } from '../lib/dates';

/**
 * The generation that already planned a document into the project, if any: the server plans one
 * file once per project (generating it again answers the stored plan and adds nothing).
 */
export function plannedGenerationOf(
  generations: readonly PlanGenerationSummaryDto[] | undefined,
  documentId: number,
): PlanGenerationSummaryDto | undefined {
  return generations?.find((g) => g.documentId === documentId && g.status === 'succeeded');
}

/**
 * What "Generate plan" will do, asked before it is done. A document already planned says so, and
 * that generating it again adds nothing: the choice is to open the Gantt. Otherwise, on a project
 * with tasks, the plan's tasks are added to them and nothing is removed.
 */
export function PlanConfirmDialog({
  doc,
  planned,
  existingTasks,
  onCancel,
  onGenerate,
  onOpenGantt,
}: {
  doc: DocumentDto | null;
  planned: PlanGenerationSummaryDto | undefined;
  existingTasks: number;
  onCancel: () => void;
  onGenerate: (doc: DocumentDto) => void;
  onOpenGantt: () => void;
}) {
  const name = doc?.originalName ?? '';
  return (
    <Dialog
      open={doc !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <DialogContent role="alertdialog" showCloseButton={false}>
        {planned ? (
          <>
            <DialogHeader>
              <DialogTitle>Already planned</DialogTitle>
              <DialogDescription>
                The plan from "{name}" was generated {formatMoment(planned.updatedAt)} and its tasks are in
                this project's schedule. Generating it again adds no tasks and changes nothing; edit the
                plan's tasks on the Gantt instead.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={onCancel}>
                Close
              </Button>
              <Button onClick={onOpenGantt}>Open the Gantt</Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Generate plan</DialogTitle>
              <DialogDescription>
                This project already has {existingTasks} {existingTasks === 1 ? 'task' : 'tasks'}. The plan
                from "{name}" adds its tasks to them and re-schedules the project; nothing is removed.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button onClick={() => doc && onGenerate(doc)}>Add the plan's tasks</Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
