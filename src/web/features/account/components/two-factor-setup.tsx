import { Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  type TwoFactorSetupDto,
  type TwoFactorStatusDto,
  twoFactorConfirmBody,
} from '@/contracts/two-factor';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useStartTwoFactorSetup } from '../api/start-two-factor-setup';

/** The secret as a QR code; the QR library is downloaded only when a setup shows one. */
function QrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (live) setSrc(url);
      });
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <div className="flex size-[200px] shrink-0 items-center justify-center rounded-md border border-border bg-white">
      {src ? (
        <img src={src} width={200} height={200} alt="QR code to scan with your authenticator app" />
      ) : (
        <Spinner label="Drawing the QR code" />
      )}
    </div>
  );
}

/** The recovery codes, shown once: to copy or write down before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const copy = () =>
    void navigator.clipboard
      ?.writeText(codes.join('\n'))
      .then(() => toast({ title: 'Copied', description: 'The recovery codes are on your clipboard.' }));
  return (
    <div className="grid gap-3">
      <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are
        shown only now.
      </div>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-md border border-border bg-muted/40 p-3 font-mono text-sm min-[400px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="button" variant="outline" onClick={copy}>
          <Copy aria-hidden="true" />
          Copy codes
        </Button>
        <Button type="button" onClick={onDone}>
          I saved my recovery codes
        </Button>
      </div>
    </div>
  );
}

/** Re-authentication before a change: the password, or a code for an account without one. */
export function ReauthField({
  status,
  value,
  onChange,
}: {
  status: Pick<TwoFactorStatusDto, 'hasPassword' | 'enabled'>;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  if (!status.hasPassword && !status.enabled) return null;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {status.hasPassword ? 'Current password' : 'Code from your authenticator app'}
      </Label>
      <Input
        id={id}
        type={status.hasPassword ? 'password' : 'text'}
        autoComplete={status.hasPassword ? 'current-password' : 'one-time-code'}
        {...(status.hasPassword ? {} : { inputMode: 'numeric' as const, maxLength: 6 })}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** A step's submit button, with Cancel beside it when the step can be left. */
export function StepActions({
  label,
  busy,
  destructive,
  onCancel,
}: {
  label: string;
  busy: boolean;
  destructive?: boolean;
  onCancel?: () => void;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={busy}>
        {label}
      </Button>
      {onCancel && (
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      )}
    </div>
  );
}

export const reauthOf = (status: Pick<TwoFactorStatusDto, 'hasPassword'>, value: string) =>
  status.hasPassword ? { password: value } : value ? { code: value.trim() } : {};

/**
 * Turning two-step sign-in on: re-authenticate, scan the QR code (or type the secret), confirm with a
 * first code, then save the recovery codes. `onFinished` runs once the codes are acknowledged.
 */
export function TwoFactorSetup({
  status,
  onCancel,
  onFinished,
}: {
  status: TwoFactorStatusDto;
  onCancel?: () => void;
  onFinished: () => void;
}) {
  const start = useStartTwoFactorSetup();
  const confirm = useConfirmTwoFactor();
  const [reauth, setReauth] = useState('');
  const [setup, setSetup] = useState<TwoFactorSetupDto | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const codeId = useId();

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onFinished} />;

  if (!setup) {
    return (
      <form
        className="grid gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          start.mutate(reauthOf(status, reauth), {
            onSuccess: setSetup,
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: 'Could not start the setup',
                description: serverMessage(error) ?? 'Please try again.',
              }),
          });
        }}
      >
        <ReauthField status={status} value={reauth} onChange={setReauth} />
        <StepActions
          label={start.isPending ? 'Starting...' : 'Continue'}
          busy={start.isPending}
          onCancel={onCancel}
        />
      </form>
    );
  }

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const body = twoFactorConfirmBody.safeParse({ code });
        if (!body.success) {
          setCodeError(body.error.issues[0]?.message ?? 'Enter the 6-digit code');
          return;
        }
        setCodeError(null);
        confirm.mutate(body.data, {
          onSuccess: (result) => setRecoveryCodes(result.recoveryCodes),
          onError: (error) => setCodeError(serverMessage(error) ?? 'That code is not right'),
        });
      }}
    >
      <ol className="grid list-decimal gap-1 pl-5 text-sm">
        <li>Open an authenticator app on your phone (Google Authenticator, 1Password, Authy…).</li>
        <li>Scan this QR code, or type the setup key by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <QrCode uri={setup.otpauthUri} />
        <div className="grid w-full min-w-0 gap-2">
          <p className="text-sm font-medium">Setup key</p>
          <code
            data-testid="two-factor-secret"
            className="block rounded-md border border-border bg-muted/40 px-3 py-2 font-mono text-sm leading-relaxed"
          >
            {setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}
          </code>
          <div className="grid gap-2 pt-2">
            <Label htmlFor={codeId}>6-digit code</Label>
            <Input
              id={codeId}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="123456"
              className="font-mono tracking-[0.3em]"
              value={code}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? `${codeId}-error` : undefined}
              onChange={(e) => setCode(e.target.value)}
            />
            {codeError && (
              <p id={`${codeId}-error`} className="text-sm font-medium text-destructive">
                {codeError}
              </p>
            )}
          </div>
        </div>
      </div>
      <StepActions
        label={confirm.isPending ? 'Checking...' : 'Turn on two-step sign-in'}
        busy={confirm.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}
