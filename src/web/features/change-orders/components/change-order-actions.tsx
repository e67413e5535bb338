import { CheckCircle2, Download, Send, XCircle } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { type ChangeOrderDto, changeOrderPdfPath, changeOrderSignedPdfPath } from '@/contracts/change-orders';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/components/ui/use-toast';
import { ApiError, serverMessage } from '@/web/lib/api-client';
import { useClientContacts } from '../api/get-choices';
import { useApproveOnPaper, useSendChangeOrder, useVoidChangeOrder } from '../api/transitions';
import { useUploadScan } from '../api/upload-scan';
import { NativeSelect } from './native-select';

/** The first message of a refused call: a field's, else the server's. */
function failure(error: unknown): string {
  if (error instanceof ApiError && error.errors) {
    const first = Object.values(error.errors)[0];
    if (first) return first;
  }
  return serverMessage(error) ?? 'Please try again.';
}

/** A dialog with a form: its trigger, title, words, fields and the submit button. */
function ActionDialog({
  trigger,
  title,
  description,
  submitLabel,
  pending,
  onSubmit,
  open,
  onOpenChange,
  children,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          {children}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Working...' : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Send for signature: to a client contact or an address; the client gets the PDF's signing link. */
function SendDialog({ co }: { co: ChangeOrderDto }) {
  const [open, setOpen] = useState(false);
  const [contactId, setContactId] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const clients = useClientContacts(open);
  const send = useSendChangeOrder();
  const ids = { contact: useId(), email: useId(), message: useId(), error: useId() };

  const onSubmit = () => {
    const to = contactId ? { contactId: Number(contactId) } : { email: email.trim() };
    if (!contactId && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setError('Give the client’s e-mail address');
      return;
    }
    send.mutate(
      { coId: co.id, body: { ...to, ...(message.trim() ? { message: message.trim() } : {}) } },
      {
        onSuccess: (sent) => {
          setOpen(false);
          toast({
            title: 'Sent for signature',
            description: `The signing link went to ${sent.sentTo ?? 'the client'}.`,
          });
        },
        onError: (err) => setError(failure(err)),
      },
    );
  };

  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
      trigger={
        <Button size="sm">
          <Send aria-hidden="true" />
          Send for signature
        </Button>
      }
      title="Send for signature"
      description="The change order is made into a PDF, and the client gets a one-time link by e-mail. They confirm a code sent to the same address before they sign."
      submitLabel="Send"
      pending={send.isPending}
      onSubmit={onSubmit}
    >
      {(clients.data?.length ?? 0) > 0 && (
        <div className="grid gap-1.5">
          <Label htmlFor={ids.contact}>Client contact</Label>
          <NativeSelect id={ids.contact} value={contactId} onChange={(e) => setContactId(e.target.value)}>
            <option value="">Another address</option>
            {clients.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.email})
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      {!contactId && (
        <div className="grid gap-1.5">
          <Label htmlFor={ids.email}>Client&apos;s e-mail</Label>
          <Input
            id={ids.email}
            type="email"
            autoComplete="email"
            value={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
          />
        </div>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={ids.message}>Note in the e-mail (optional)</Label>
        <Textarea
          id={ids.message}
          rows={3}
          maxLength={2000}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </div>
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </ActionDialog>
  );
}

/** A reason typed in a dialog: voiding. */
function VoidDialog({ co }: { co: ChangeOrderDto }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const voiding = useVoidChangeOrder();
  const id = useId();
  const errorId = useId();
  const onSubmit = () => {
    if (!reason.trim()) {
      setError('Reason is required');
      return;
    }
    voiding.mutate(
      { coId: co.id, body: { reason: reason.trim() } },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: `${co.number} is void` });
        },
        onError: (err) => setError(failure(err)),
      },
    );
  };
  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
      trigger={
        <Button variant="outline" size="sm" className="text-destructive">
          <XCircle aria-hidden="true" />
          Void
        </Button>
      }
      title={`Void ${co.number}`}
      description="A void change order stays in the list and its audit trail, and changes nothing. A signing link already sent stops working."
      submitLabel="Void change order"
      pending={voiding.isPending}
      onSubmit={onSubmit}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Reason</Label>
        <Textarea
          id={id}
          rows={3}
          maxLength={1000}
          value={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        />
        {error && (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
    </ActionDialog>
  );
}

/** Approve on paper (owner or admin): the scan of the signed paper, kept in Documents, and a reason. */
function PaperDialog({ co }: { co: ChangeOrderDto }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadScan();
  const approve = useApproveOnPaper();
  const ids = { file: useId(), reason: useId(), error: useId() };
  const pending = upload.isPending || approve.isPending;

  const onSubmit = () => {
    if (!file) return setError('Choose the scan of the signed change order');
    if (!reason.trim()) return setError('Reason is required');
    upload.mutate(
      { projectId: co.projectId, file },
      {
        onSuccess: (doc) =>
          approve.mutate(
            { coId: co.id, body: { documentId: doc.id, reason: reason.trim() } },
            {
              onSuccess: () => {
                setOpen(false);
                toast({
                  title: `${co.number} approved`,
                  description: 'The tasks, schedule and budget changed with it.',
                });
              },
              onError: (err) => setError(failure(err)),
            },
          ),
        onError: (err) => setError(failure(err)),
      },
    );
  };

  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
      trigger={
        <Button variant="outline" size="sm">
          <CheckCircle2 aria-hidden="true" />
          Approve on paper
        </Button>
      }
      title="Approve on paper"
      description="The client signed a printed copy. Attach the scan: the change order is approved and the tasks, the schedule, the budget and the contract amount change with it."
      submitLabel="Approve"
      pending={pending}
      onSubmit={onSubmit}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={ids.file}>Scan of the signed change order</Label>
        <Input
          id={ids.file}
          type="file"
          accept="application/pdf,image/*"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setError(null);
          }}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.reason}>Reason</Label>
        <Textarea
          id={ids.reason}
          rows={2}
          maxLength={1000}
          value={reason}
          placeholder="Signed at the site meeting"
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        />
      </div>
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </ActionDialog>
  );
}

/**
 * What can be done with the change order now: download its PDF (and the signed one), and, for an
 * owner or admin, send it, approve it on paper or void it. Members see the downloads only.
 */
export function ChangeOrderActions({ co, manager }: { co: ChangeOrderDto; manager: boolean }) {
  const open = co.status === 'draft' || co.status === 'sent';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button asChild variant="outline" size="sm">
        <a href={changeOrderPdfPath(co.id)} download>
          <Download aria-hidden="true" />
          Download PDF
        </a>
      </Button>
      {co.signedDocumentId !== null && (
        <Button asChild variant="outline" size="sm">
          <a href={changeOrderSignedPdfPath(co.id)} download>
            <Download aria-hidden="true" />
            Download signed PDF
          </a>
        </Button>
      )}
      {manager && co.status === 'draft' && <SendDialog co={co} />}
      {manager && open && <PaperDialog co={co} />}
      {manager && open && <VoidDialog co={co} />}
    </div>
  );
}
