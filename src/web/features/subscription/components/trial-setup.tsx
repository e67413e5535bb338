import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Info, LogIn, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { UserDto } from '@/contracts/auth';
import { TRIAL_ALREADY_ACTIVE } from '@/contracts/subscription';
import { REDIRECT_DELAYS } from '@/domain/subscription/payment-return';
import { DEFAULT_PLAN, type Plan } from '@/domain/subscription/pricing';
import { Button } from '@/web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/use-toast';
import { sessionKeys } from '@/web/lib/session-keys';
import { useCreateTrial } from '../api/create-trial';
import { useBillingConfig } from '../api/get-billing-config';
import { CardForm } from './card-form';
import { PlanChoice } from './plan-choice';
import { type AppliedPromo, PromoCodeBox } from './promo-code-box';
import { TrialBenefits } from './trial-benefits';

/** The plan chosen earlier, or the yearly plan the first time. */
function initialPlan(user: UserDto): Plan {
  const chosen = user.company?.subscriptionPlan;
  return chosen === 'monthly' || chosen === 'yearly' ? chosen : DEFAULT_PLAN;
}

/** Where the card form goes: the form itself, or why there is none. */
function CardArea({
  clientSecret,
  cardOnFile,
  onSaved,
}: {
  clientSecret: string | null;
  cardOnFile: boolean;
  onSaved: () => void;
}) {
  const config = useBillingConfig();
  if (config.isPending) return null;
  if (config.isError) {
    return (
      <div role="alert" className="grid gap-2 rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-sm">
        <p>The card form could not be set up: the server did not answer.</p>
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start bg-white"
          onClick={() => void config.refetch()}
        >
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  const { provider, publishableKey } = config.data;
  if (provider === 'builtin') {
    return (
      <p className="flex items-start gap-2 rounded-lg border border-border bg-muted p-3 text-sm text-muted-foreground">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="grid gap-1">
          <span>
            No card is needed here: card payments are not set up on this server, so there is no card form. You
            subscribe from the app when the trial ends.
          </span>
          <span>
            With Stripe switched on, this step takes the card in Stripe&apos;s own card form (saved, not
            charged until the trial ends) and subscribing goes through Stripe Checkout. A trial already
            running is carried over: it keeps its end date.
          </span>
        </span>
      </p>
    );
  }
  if (!clientSecret || !publishableKey) return null;
  return (
    <CardForm
      publishableKey={publishableKey}
      clientSecret={clientSecret}
      cardOnFile={cardOnFile}
      onSaved={onSaved}
    />
  );
}

/**
 * The trial setup proper: on load, and whenever the plan or the applied promo changes, the server
 * records the choice and answers whether a card is needed (the card form's client secret). An
 * active subscription moves on to /projects after 1 s; a failure sends the user to sign in again
 * after 2 s; a card saved moves on to /projects after 1 s.
 */
export function TrialSetup({ user, onSignInAgain }: { user: UserDto; onSignInAgain: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createTrial = useCreateTrial();
  const [plan, setPlan] = useState<Plan>(() => initialPlan(user));
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const leaving = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { mutate } = createTrial;
  // The latest callback, without re-running the set-up request when the caller re-renders.
  const signInAgain = useRef(onSignInAgain);
  signInAgain.current = onSignInAgain;

  useEffect(
    () => () => {
      if (leaving.current) clearTimeout(leaving.current);
    },
    [],
  );

  const lastSent = useRef<string | null>(null);

  useEffect(() => {
    const body = { plan, ...(promo ? { promoCode: promo.code } : {}) };
    // Once per distinct choice (effects may run twice for the same one).
    const key = JSON.stringify(body);
    if (lastSent.current === key) return;
    lastSent.current = key;
    mutate(body, {
      onSuccess: (result) => {
        if (result.subscriptionActive || result.message.startsWith(TRIAL_ALREADY_ACTIVE)) {
          toast({ title: 'Trial already active', description: result.message });
          leaving.current ??= setTimeout(() => void navigate('/projects'), REDIRECT_DELAYS.trialReadyMs);
        }
      },
      onError: () => {
        toast({
          variant: 'destructive',
          title: 'Authentication Issue',
          description: 'There was a problem setting up your trial. Please try signing in again.',
        });
        leaving.current ??= setTimeout(() => signInAgain.current(), REDIRECT_DELAYS.trialErrorMs);
      },
    });
  }, [plan, promo, mutate, navigate]);

  const cardSaved = () => {
    toast({
      title: 'Card saved',
      description: 'Your free trial is set up. Your card is charged when the trial ends.',
    });
    void queryClient.invalidateQueries({ queryKey: sessionKeys.user() });
    leaving.current ??= setTimeout(() => void navigate('/projects'), REDIRECT_DELAYS.trialReadyMs);
  };

  const result = createTrial.data;
  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardHeader className="gap-2 text-center">
        <CardTitle as="h1" className="text-2xl">
          Start your 14-day free trial
        </CardTitle>
        <CardDescription>Choose the plan that suits your company. You can change it later.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <TrialBenefits />
        <PlanChoice value={plan} onChange={setPlan} promo={promo} />
        <PromoCodeBox applied={promo} onApplied={setPromo} />
        <div aria-live="polite" className="min-h-6 text-sm">
          {createTrial.isPending ? (
            <span className="flex items-center gap-2 text-muted-foreground">
              <Spinner className="size-4" label="Setting up your trial" />
              Setting up your trial...
            </span>
          ) : result ? (
            <p className="flex items-start gap-2 rounded-lg border border-blue-200 bg-blue-50 p-3 text-blue-900">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{result.message}</span>
            </p>
          ) : null}
        </div>
        {result && !result.subscriptionActive && (
          <CardArea clientSecret={result.clientSecret} cardOnFile={result.cardOnFile} onSaved={cardSaved} />
        )}
      </CardContent>
      <CardFooter className="flex-col gap-2 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={onSignInAgain} className="w-full sm:w-auto">
          <LogIn aria-hidden="true" />
          Sign in again
        </Button>
        <Button
          asChild
          size="lg"
          variant={result?.clientSecret ? 'outline' : 'default'}
          className="w-full sm:w-auto"
        >
          <Link to="/projects">
            Continue to Dashboard
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
