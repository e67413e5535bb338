import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  CHANGE_ORDER_REASON_LABELS,
  CHANGE_ORDER_REASONS,
  createChangeOrderBody,
} from '@/contracts/change-orders';
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
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  InputField,
} from '@/web/components/ui/form';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { useCreateChangeOrder } from '../api/create-change-order';
import { NativeSelect } from './native-select';

/** The dialog's part of the create body: the contract's own rules for a title and a reason. */
const newChangeOrder = createChangeOrderBody.pick({ title: true, reason: true });
type NewChangeOrder = z.infer<typeof newChangeOrder>;
const defaults: NewChangeOrder = { title: '', reason: 'owner_request' };

/** New change order: its title and reason; the draft opens in the editor for its lines and tasks. */
export function NewChangeOrderDialog({ projectId }: { projectId: number }) {
  const [open, setOpen] = useState(false);
  const form = useForm<NewChangeOrder>({ resolver: zodResolver(newChangeOrder), defaultValues: defaults });
  const create = useCreateChangeOrder();
  const navigate = useNavigate();

  const close = () => {
    setOpen(false);
    form.reset(defaults);
  };

  const onSubmit = form.handleSubmit((body) =>
    create.mutateAsync({ projectId, body }).then(
      (created) => {
        close();
        void navigate(`/projects/${projectId}/change-orders/${created.id}`);
      },
      (err: unknown) =>
        toast({
          variant: 'destructive',
          title: 'The change order was not created',
          description: serverMessage(err) ?? 'Please try again.',
        }),
    ),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : create.isPending ? undefined : close())}
    >
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden="true" />
          New change order
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>New change order</DialogTitle>
          <DialogDescription>
            A draft numbered for this project. Price it and say which tasks it changes next: the new finish
            date is worked out as you go.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <InputField
              control={form.control}
              name="title"
              label="Title"
              placeholder="Deeper footings on the north wall"
            />
            <FormField
              control={form.control}
              name="reason"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Reason</FormLabel>
                  <FormControl>
                    <NativeSelect {...field}>
                      {CHANGE_ORDER_REASONS.map((r) => (
                        <option key={r} value={r}>
                          {CHANGE_ORDER_REASON_LABELS[r]}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormDialogFooter
              pending={create.isPending}
              onCancel={close}
              submitLabel="Create draft"
              pendingLabel="Creating..."
            />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
