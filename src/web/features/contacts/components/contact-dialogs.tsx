import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { ContactDto } from '@/contracts/contacts';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
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
import { toast } from '@/web/components/ui/use-toast';
import { apiFailureReason, serverMessage } from '@/web/lib/api-client';
import { useCreateContact } from '../api/create-contact';
import { useDeleteContact } from '../api/delete-contact';
import { useUpdateContact } from '../api/update-contact';
import {
  ContactFormFields,
  NEW_CONTACT_DEFAULTS,
  useCreateContactForm,
  useEditContactForm,
} from './contact-form';

/** Add Contact: the create form; a notice tells how it went. */
export function NewContactDialog({ contacts }: { contacts: readonly ContactDto[] }) {
  const [open, setOpen] = useState(false);
  const form = useCreateContactForm();
  const createContact = useCreateContact();

  const close = () => {
    setOpen(false);
    form.reset(NEW_CONTACT_DEFAULTS);
  };

  const onSubmit = form.handleSubmit((values) =>
    createContact.mutateAsync(values).then(
      (contact) => {
        close();
        toast({ title: 'Contact Created', description: `${contact.name} has been added to your contacts.` });
      },
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: `Failed to create contact: ${serverMessage(error) ?? 'Please try again.'}`,
        }),
    ),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : createContact.isPending ? undefined : close())}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Add Contact
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add New Contact</DialogTitle>
          <DialogDescription>
            Add a client, subcontractor, vendor or architect to your network.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-5">
            <ContactFormFields form={form} mode="create" contacts={contacts} />
            <FormDialogFooter
              pending={createContact.isPending}
              onCancel={close}
              submitLabel="Add Contact"
              pendingLabel="Adding..."
            />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function EditContactForm({
  contact,
  contacts,
  onDone,
}: {
  contact: ContactDto;
  contacts: readonly ContactDto[];
  onDone: () => void;
}) {
  const form = useEditContactForm(contact);
  const updateContact = useUpdateContact();
  const onSubmit = form.handleSubmit((values) =>
    updateContact.mutateAsync({ id: contact.id, body: values }).then(
      () => {
        onDone();
        toast({ title: 'Contact updated', description: `${values.name ?? contact.name} has been saved.` });
      },
      () =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Failed to update contact. Please try again.',
        }),
    ),
  );
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <ContactFormFields form={form} mode="edit" contacts={contacts} contact={contact} />
        <FormDialogFooter
          pending={updateContact.isPending}
          onCancel={onDone}
          submitLabel="Update Contact"
          pendingLabel="Updating..."
        />
      </form>
    </Form>
  );
}

/** Edit Contact: every field of the contact, the rating in whole stars. */
export function EditContactDialog({
  contact,
  contacts,
  open,
  onOpenChange,
}: {
  contact: ContactDto;
  contacts: readonly ContactDto[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Contact</DialogTitle>
          <DialogDescription>Update the contact's details.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the saved contact. */}
        {open && <EditContactForm contact={contact} contacts={contacts} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

/** Delete Contact: confirm, then a notice of success, or of failure with the server's reason. */
export function DeleteContactDialog({
  contact,
  open,
  onOpenChange,
}: {
  contact: ContactDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const deleteContact = useDeleteContact();
  const onConfirm = () =>
    deleteContact.mutate(contact.id, {
      onSuccess: () => {
        onOpenChange(false);
        toast({
          title: 'Contact deleted',
          description: `${contact.name} has been removed from your contacts.`,
        });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: `Failed to delete contact: ${apiFailureReason(error) ?? 'Please try again'}`,
        }),
    });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Contact"
      description={`Are you sure you want to delete "${contact.name}"? Projects and tasks that name this contact keep the name.`}
      confirmLabel="Delete Contact"
      pendingLabel="Deleting..."
      pending={deleteContact.isPending}
      onConfirm={onConfirm}
    />
  );
}
