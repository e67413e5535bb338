import { ArrowRight, Building2, CalendarCheck, CreditCard, Info, LogIn, ShieldCheck } from 'lucide-react';
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
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useCreateTrial } from '../api/create-trial';
import { PlanChoice } from '../components/plan-choice';
import { type AppliedPromo, PromoCodeBox } from '../components/promo-code-box';

/** The three benefit points of trial setup. */
const BENEFITS = [
  { icon: CalendarCheck, title: '14-day free trial', text: 'Every feature, free for 14 days.' },
  { icon: CreditCard, title: 'No charge today', text: 'You pay nothing until your trial ends.' },
  { icon: ShieldCheck, title: 'Cancel anytime', text: 'One plan, no contracts, no surprises.' },
] as const;

function Benefits() {
  return (
    <ul className="grid gap-3 sm:grid-cols-3">
      {BENEFITS.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex items-start gap-3 rounded-lg bg-muted p-3">
          <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <span className="grid gap-0.5">
            <span className="text-sm font-semibold">{title}</span>
            <span className="text-sm text-muted-foreground">{text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** No company yet: the company comes first (onboarding starts its trial). */
function CompanyFirst({ onSignInAgain }: { onSignInAgain: () => void }) {
  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardHeader className="items-center gap-3 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Building2 className="size-6" aria-hidden="true" />
        </span>
        <CardTitle as="h1" className="text-2xl">
          Set up your company
        </CardTitle>
        <CardDescription>
          Everything in Babe belongs to a company. Create yours to start your free trial, then choose your
          plan here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Benefits />
      </CardContent>
      <CardFooter className="flex-col gap-2 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={onSignInAgain} className="w-full sm:w-auto">
          <LogIn aria-hidden="true" />
          Sign in again
        </Button>
        <Button asChild size="lg" className="w-full sm:w-auto">
          <Link to="/onboarding">
            Set up my company
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

/**
 * The trial setup proper: on load, and whenever the plan or the applied promo changes,
 * the server records the choice and answers whether a card is needed. An active subscription moves
 * on to /projects after 1 s; a failure sends the user to sign in again after 2 s.
 */
function TrialSetup({ onSignInAgain }: { onSignInAgain: () => void }) {
  const navigate = useNavigate();
  const createTrial = useCreateTrial();
  const [plan, setPlan] = useState<Plan>(DEFAULT_PLAN);
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
        <Benefits />
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
          {result?.clientSecret && (
            <p className="mt-2 rounded-lg border border-yellow-200 bg-yellow-50 p-3 text-yellow-900">
              This billing provider asks for a card, and card entry is not available in this version yet.
              Please contact support to finish setting up.
            </p>
          )}
        </div>
      </CardContent>
      <CardFooter className="flex-col gap-2 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={onSignInAgain} className="w-full sm:w-auto">
          <LogIn aria-hidden="true" />
          Sign in again
        </Button>
        <Button asChild size="lg" className="w-full sm:w-auto">
          <Link to="/projects">
            Continue to Dashboard
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

/** /subscription-setup: the trial setup, or the way into onboarding while there is no company. */
export function SubscriptionSetupPage({ user, onSignInAgain }: { user: UserDto; onSignInAgain: () => void }) {
  useDocumentTitle(user.company ? 'Start your free trial' : 'Set up your company');
  return user.company ? (
    <TrialSetup onSignInAgain={onSignInAgain} />
  ) : (
    <CompanyFirst onSignInAgain={onSignInAgain} />
  );
}
