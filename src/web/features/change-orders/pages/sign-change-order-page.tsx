import { CheckCircle2, Download, MailCheck, XCircle } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useParams } from 'react-router';
import {
  CHANGE_ORDER_REASON_LABELS,
  SIGN_CODE_DIGITS,
  type SignDoneDto,
  type SigningStatusDto,
  signPaths,
} from '@/contracts/change-orders';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { ApiError, apiFailureReason } from '@/web/lib/api-client';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import {
  useDeclineChangeOrder,
  useRequestSignCode,
  useSignChangeOrder,
  useSigning,
  useSigningPdf,
  useVerifySignCode,
} from '../api/signing';
import { PdfPages } from '../components/pdf-pages';
import { SignatureField, type SignatureValue } from '../components/signature-field';
import { daysText, longDay, money } from '../lib/change-order-view';

/** The page's frame: who sent it, the content in one column that starts at a phone's width. */
function Shell({ company, children }: { company?: string | undefined; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-page">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-3xl flex-wrap items-baseline gap-x-2 px-4 py-4">
          {company ? (
            <>
              <span className="text-base font-semibold">{company}</span>
              <span className="text-sm text-muted-foreground">· change order for your signature</span>
            </>
          ) : (
            <span className="text-base font-semibold">Change order for your signature</span>
          )}
        </div>
      </header>
      <main className="mx-auto grid max-w-3xl gap-5 px-4 py-6">{children}</main>
    </div>
  );
}

function Panel({ title, children, icon }: { title: string; children: ReactNode; icon?: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="grid gap-3 rounded-lg border border-border bg-card p-4 shadow-sm sm:p-6"
    >
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

function Problem({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm">
      {children}
    </p>
  );
}

/** Why a link no longer works, in the client's words. */
function refusedText(error: unknown): string {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'sign_link_used')
    return 'This link has been used already: the change order was signed or declined.';
  if (code === 'sign_link_expired')
    return 'This link has expired. Ask the contractor to send the change order again.';
  if (code === 'sign_link_invalid' || (error instanceof ApiError && error.status === 404))
    return 'This signing link is not valid. Check that the whole link from the e-mail was opened.';
  return apiFailureReason(error) ?? 'The change order could not be opened. Please try again.';
}

/** What the change order does, in figures: its price and the new finish the schedule gives. */
function Summary({ status }: { status: SigningStatusDto }) {
  const co = status.changeOrder;
  return (
    <Panel title={`${co.number} ${co.title}`}>
      <p className="text-sm text-muted-foreground">
        {co.projectName} · {CHANGE_ORDER_REASON_LABELS[co.reason]}
      </p>
      {co.description && <p className="text-sm whitespace-pre-line break-words">{co.description}</p>}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-xs text-muted-foreground">Price of the change</dt>
          <dd className="text-lg font-semibold tabular-nums">{money(co.totalCents, co.currency)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">New finish</dt>
          <dd className="text-lg font-semibold">{longDay(co.newFinish)}</dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-xs text-muted-foreground">Finish moves</dt>
          <dd className="text-lg font-semibold">{daysText(co.workingDaysDelta)}</dd>
        </div>
      </dl>
      {co.currentFinish && (
        <p className="text-sm text-muted-foreground">
          Finish before this change: {longDay(co.currentFinish)}.
        </p>
      )}
    </Panel>
  );
}

/** Step 1: the code e-mailed to the address the link went to, asked for and typed in. */
function VerifyStep({ token, status }: { token: string; status: SigningStatusDto }) {
  const request = useRequestSignCode(token);
  const verify = useVerifySignCode(token);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const codeId = useId();
  const errorId = useId();
  const sent = request.isSuccess;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setMessage(`The code is ${SIGN_CODE_DIGITS} digits`);
    verify.mutate(
      { code: code.trim() },
      { onError: (err) => setMessage(apiFailureReason(err) ?? 'Wrong code') },
    );
  };

  return (
    <Panel title="Confirm it’s you" icon={<MailCheck aria-hidden="true" className="size-5 text-primary" />}>
      <p className="text-sm">
        To open the change order, enter the code we e-mail to{' '}
        <span className="font-medium">{status.emailHint}</span>.
      </p>
      {!sent && (
        <Button
          size="lg"
          className="w-full sm:w-fit"
          disabled={request.isPending}
          onClick={() =>
            request.mutate(undefined, { onError: (err) => setMessage(apiFailureReason(err) ?? null) })
          }
        >
          {request.isPending ? 'Sending...' : 'E-mail me a code'}
        </Button>
      )}
      {sent && (
        <form onSubmit={onSubmit} noValidate className="grid gap-3">
          <p role="status" className="text-sm text-muted-foreground">
            A code is on its way to {request.data.emailHint}. It works for a few minutes.
          </p>
          <div className="grid gap-1.5">
            <Label htmlFor={codeId}>Code from the e-mail</Label>
            <Input
              id={codeId}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={SIGN_CODE_DIGITS}
              className="h-12 max-w-48 text-center font-mono text-xl tracking-[0.3em]"
              value={code}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? errorId : undefined}
              onChange={(e) => {
                setCode(e.target.value.replace(/\D/g, ''));
                setMessage(null);
              }}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="lg" disabled={verify.isPending}>
              {verify.isPending ? 'Checking...' : 'Confirm code'}
            </Button>
            <Button
              variant="ghost"
              size="lg"
              disabled={request.isPending}
              onClick={() => {
                setCode('');
                request.mutate();
              }}
            >
              Send a new code
            </Button>
          </div>
        </form>
      )}
      {message && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {message}
        </p>
      )}
    </Panel>
  );
}

/** The document itself, as the signature will hold it (its SHA-256 beside it). */
function DocumentPanel({ token, status }: { token: string; status: SigningStatusDto }) {
  const pdf = useSigningPdf(token, true);
  const title = `${status.changeOrder.number} ${status.changeOrder.title}`;
  return (
    <Panel title="The change order">
      <p className="text-sm text-muted-foreground">
        Read it through before you sign. This is the document you sign.
      </p>
      {pdf.isPending && (
        <div className="flex justify-center py-8">
          <Spinner label="Loading the document" />
        </div>
      )}
      {pdf.isError && (
        <Problem>The document could not be loaded: {apiFailureReason(pdf.error) ?? 'try again.'}</Problem>
      )}
      {pdf.data && <PdfPages bytes={pdf.data} title={title} />}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button asChild variant="outline" size="lg">
          <a href={signPaths.pdf(token)} download>
            <Download aria-hidden="true" />
            Download the PDF
          </a>
        </Button>
        <p className="min-w-0 text-xs break-all text-muted-foreground">SHA-256 {status.pdfSha256}</p>
      </div>
    </Panel>
  );
}

/** Step 2: consent, name, the drawn or typed signature, and Sign; or decline with a reason. */
function SignStep({
  token,
  status,
  onDone,
}: {
  token: string;
  status: SigningStatusDto;
  onDone: (d: SignDoneDto) => void;
}) {
  const sign = useSignChangeOrder(token);
  const decline = useDeclineChangeOrder(token);
  const [consent, setConsent] = useState(false);
  const [name, setName] = useState('');
  const [signature, setSignature] = useState<SignatureValue>(null);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const ids = { consent: useId(), name: useId(), reason: useId(), error: useId() };

  const onSign = (e: FormEvent) => {
    e.preventDefault();
    if (!consent) return setMessage('Agree to sign electronically to sign');
    if (!name.trim()) return setMessage('Type your full name');
    if (!signature) return setMessage('Draw your signature or type your name as your signature');
    sign.mutate(
      {
        signerName: name.trim(),
        consent: true,
        signature:
          signature.method === 'drawn'
            ? { kind: 'drawn', dataUrl: signature.image }
            : { kind: 'typed', name: signature.name },
      },
      {
        onSuccess: onDone,
        onError: (err) => setMessage(apiFailureReason(err) ?? 'The signature was not saved'),
      },
    );
  };

  const onDecline = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setMessage('Say why you decline');
    decline.mutate(
      { reason: reason.trim() },
      { onSuccess: onDone, onError: (err) => setMessage(apiFailureReason(err) ?? 'Not sent') },
    );
  };

  const error = message && (
    <p id={ids.error} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  );

  if (declining)
    return (
      <Panel title="Decline the change order">
        <form onSubmit={onDecline} noValidate className="grid gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={ids.reason}>Why you decline</Label>
            <Textarea
              id={ids.reason}
              rows={4}
              maxLength={2000}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setMessage(null);
              }}
            />
          </div>
          {error}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="lg" variant="destructive" disabled={decline.isPending}>
              {decline.isPending ? 'Sending...' : 'Decline'}
            </Button>
            <Button size="lg" variant="outline" onClick={() => setDeclining(false)}>
              Back to signing
            </Button>
          </div>
        </form>
      </Panel>
    );

  return (
    <Panel title="Sign">
      <form onSubmit={onSign} noValidate className="grid gap-4">
        <div className="flex items-start gap-3 rounded-md border border-border bg-muted/40 p-3">
          <Checkbox
            id={ids.consent}
            checked={consent}
            className="mt-0.5 size-6"
            onCheckedChange={(v) => {
              setConsent(v === true);
              setMessage(null);
            }}
          />
          <Label htmlFor={ids.consent} className="text-sm leading-snug font-normal">
            {status.consentText}
          </Label>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.name}>Your full name</Label>
          <Input
            id={ids.name}
            autoComplete="name"
            className="h-12"
            maxLength={200}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setMessage(null);
            }}
          />
        </div>
        <SignatureField
          onChange={(value) => {
            setSignature(value);
            setMessage(null);
          }}
        />
        {error}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
          <Button type="submit" size="lg" disabled={sign.isPending} className="w-full sm:w-auto">
            {sign.isPending ? 'Signing...' : 'Sign the change order'}
          </Button>
          <Button
            size="lg"
            variant="outline"
            className="w-full sm:w-auto"
            onClick={() => {
              setDeclining(true);
              setMessage(null);
            }}
          >
            Decline
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function Done({ state, sha }: { state: SignDoneDto['state']; sha: string | null }) {
  const signed = state === 'signed';
  return (
    <Panel
      title={signed ? 'Signed — thank you' : state === 'declined' ? 'Declined' : 'Waiting'}
      icon={
        signed ? (
          <CheckCircle2 aria-hidden="true" className="size-5 text-green-700" />
        ) : (
          <XCircle aria-hidden="true" className="size-5 text-muted-foreground" />
        )
      }
    >
      <p role="status" className="text-sm">
        {signed
          ? 'The change order is signed. The contractor has been told, and the signed PDF is kept with its record of who signed, when and from where.'
          : 'You declined the change order. The contractor has been told your reason.'}
      </p>
      {sha && <p className="text-xs break-all text-muted-foreground">Signed PDF SHA-256 {sha}</p>}
    </Panel>
  );
}

/**
 * /sign/:token — the client's signing page, outside the app's signed-in frame (no staff session):
 * opened from the e-mailed link, it asks for the code e-mailed to the same address, shows the PDF,
 * and takes the consent and a drawn or typed signature, or a decline with its reason. A link used,
 * expired or unknown says so and offers nothing to do.
 */
export function SignChangeOrderPage() {
  const token = useParams().token ?? '';
  const status = useSigning(token);
  const [done, setDone] = useState<SignDoneDto | null>(null);
  const data = status.data;
  useDocumentTitle(data ? `Sign ${data.changeOrder.number}` : 'Sign a change order');

  if (status.isPending)
    return (
      <Shell>
        <div className="flex justify-center py-16">
          <Spinner label="Opening the change order" />
        </div>
      </Shell>
    );
  if (status.isError || !data)
    return (
      <Shell>
        <Panel
          title="This link no longer works"
          icon={<XCircle aria-hidden="true" className="size-5 text-muted-foreground" />}
        >
          <Problem>{refusedText(status.error)}</Problem>
        </Panel>
      </Shell>
    );

  const finished = done ?? (data.state !== 'pending' ? { state: data.state, signedPdfSha256: null } : null);
  return (
    <Shell company={data.changeOrder.companyName}>
      <h1 className="text-2xl font-bold tracking-tight">
        Change order {data.changeOrder.number} for {data.changeOrder.projectName}
      </h1>
      <Summary status={data} />
      {finished ? (
        <Done state={finished.state} sha={finished.signedPdfSha256} />
      ) : data.verified ? (
        <>
          <DocumentPanel token={token} status={data} />
          <SignStep token={token} status={data} onDone={setDone} />
        </>
      ) : (
        <VerifyStep token={token} status={data} />
      )}
      <p className="text-xs text-muted-foreground">
        This link works until {new Date(data.expiresAt).toUTCString()} and only once.
      </p>
    </Shell>
  );
}
