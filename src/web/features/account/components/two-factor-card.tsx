import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import type { UserDto } from '@/contracts/auth';
import type { TwoFactorStatusDto } from '@/contracts/two-factor';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Label } from '@/web/components/ui/label';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/use-toast';
import { managesCompany } from '@/web/lib/access';
import { serverMessage } from '@/web/lib/api-client';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { useSetCompanyTwoFactor } from '../api/set-company-two-factor';
import { SettingsCard } from './settings-card';
import { ReauthField, RecoveryCodes, reauthOf, StepActions, TwoFactorSetup } from './two-factor-setup';

type Step = 'idle' | 'setup' | 'disable' | 'regenerate';

/** Turning it off or making new recovery codes: re-authenticate, then act. */
function ReauthAction({
  status,
  label,
  busy,
  destructive,
  onSubmit,
  onCancel,
}: {
  status: TwoFactorStatusDto;
  label: string;
  busy: boolean;
  destructive?: boolean;
  onSubmit: (body: ReturnType<typeof reauthOf>) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState('');
  return (
    <form
      className="grid gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(reauthOf(status, value));
      }}
    >
      <ReauthField status={status} value={value} onChange={setValue} />
      <StepActions label={label} busy={busy} destructive={destructive} onCancel={onCancel} />
    </form>
  );
}

/** The company's requirement, for its owner and admins. */
function CompanyRequirement({ user, enabled }: { user: UserDto; enabled: boolean }) {
  const set = useSetCompanyTwoFactor();
  const id = useId();
  const required = user.company?.twoFactorRequired ?? false;
  return (
    <div className="grid gap-1 border-t border-border pt-4">
      <div className="flex items-start gap-3">
        <Checkbox
          id={id}
          checked={required}
          disabled={set.isPending || (!required && !enabled)}
          onCheckedChange={(checked) =>
            set.mutate(
              { required: checked === true },
              {
                onSuccess: (result) =>
                  toast({
                    title: result.required ? 'Two-step sign-in required' : 'Requirement turned off',
                    description: result.required
                      ? 'Everyone in your company sets it up at their next visit.'
                      : 'Your team may choose for themselves.',
                  }),
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Could not change the requirement',
                    description: serverMessage(error) ?? 'Please try again.',
                  }),
              },
            )
          }
        />
        <Label htmlFor={id} className="leading-snug">
          Require two-step sign-in for everyone in {user.company?.name ?? 'your company'}
        </Label>
      </div>
      {!enabled && !required && (
        <p className="pl-7 text-sm text-muted-foreground">Turn it on for your own account first.</p>
      )}
    </div>
  );
}

/**
 * Account settings: two-step sign-in with an authenticator app. Off: set it up here. On: how many
 * recovery codes are left, new codes or turning it off (both after re-authentication). Owners and
 * admins can also require it of the whole company.
 */
export function TwoFactorCard({ user }: { user: UserDto }) {
  const status = useTwoFactorStatus();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [step, setStep] = useState<Step>('idle');
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const data = status.data;
  const failed = (title: string) => (error: unknown) =>
    toast({ variant: 'destructive', title, description: serverMessage(error) ?? 'Please try again.' });

  const body = () => {
    if (!data) return <Spinner label="Loading two-step sign-in" />;
    if (freshCodes) return <RecoveryCodes codes={freshCodes} onDone={() => setFreshCodes(null)} />;
    // The setup stays up after it turned two-step sign-in on: it shows the recovery codes last.
    if (step === 'setup' || !data.enabled) {
      if (step === 'setup') {
        return (
          <TwoFactorSetup status={data} onCancel={() => setStep('idle')} onFinished={() => setStep('idle')} />
        );
      }
      return (
        <Button variant="outline" className="w-full sm:w-fit" onClick={() => setStep('setup')}>
          Set up two-step sign-in
        </Button>
      );
    }
    if (step === 'disable') {
      return (
        <ReauthAction
          status={data}
          label={disable.isPending ? 'Turning off...' : 'Turn off two-step sign-in'}
          busy={disable.isPending}
          destructive
          onCancel={() => setStep('idle')}
          onSubmit={(reauth) =>
            disable.mutate(reauth, {
              onSuccess: () => {
                setStep('idle');
                toast({
                  title: 'Two-step sign-in is off',
                  description: 'Your other sessions were signed out.',
                });
              },
              onError: failed('Could not turn it off'),
            })
          }
        />
      );
    }
    if (step === 'regenerate') {
      return (
        <ReauthAction
          status={data}
          label={regenerate.isPending ? 'Making codes...' : 'Make new recovery codes'}
          busy={regenerate.isPending}
          onCancel={() => setStep('idle')}
          onSubmit={(reauth) =>
            regenerate.mutate(reauth, {
              onSuccess: (result) => {
                setStep('idle');
                setFreshCodes(result.recoveryCodes);
              },
              onError: failed('Could not make new codes'),
            })
          }
        />
      );
    }
    return (
      <div className="grid gap-3">
        <p className="text-sm">
          {data.recoveryCodesLeft} of 10 recovery codes left.
          {data.requiredByCompany ? ' Your company requires two-step sign-in.' : ''}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={() => setStep('regenerate')}>
            New recovery codes
          </Button>
          {!data.requiredByCompany && (
            <Button variant="outline" onClick={() => setStep('disable')}>
              Turn off
            </Button>
          )}
        </div>
      </div>
    );
  };

  return (
    <SettingsCard
      icon={ShieldCheck}
      title="Two-step sign-in"
      description={
        <span className="flex flex-wrap items-center gap-2">
          After your password, a code from an authenticator app on your phone.
          {data && (
            <Badge variant={data.enabled ? 'default' : 'secondary'}>{data.enabled ? 'On' : 'Off'}</Badge>
          )}
        </span>
      }
    >
      <div className="grid gap-4">
        {body()}
        {managesCompany(user) && user.company && (
          <CompanyRequirement user={user} enabled={Boolean(data?.enabled)} />
        )}
      </div>
    </SettingsCard>
  );
}
