import { Button } from '@/web/components/ui/button';
import { DialogFooter } from '@/web/components/ui/dialog';

/**
 * The end of a dialog's form: Cancel, and the button that submits it. While the submission is on its
 * way both wait, and the submit button says what is happening ("Saving...").
 */
export function FormDialogFooter({
  pending,
  onCancel,
  submitLabel,
  pendingLabel,
}: {
  pending: boolean;
  onCancel: () => void;
  submitLabel: string;
  pendingLabel: string;
}) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
