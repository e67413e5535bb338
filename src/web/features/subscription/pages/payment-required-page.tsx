import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, CreditCard, Home, Loader2, Wrench } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { UserDto } from '@/contracts/auth';
import { PAYMENT_RETURN, paymentPollStep } from '@/domain/subscription/payment-return';
import { ANNUAL_PLAN_READING, formatUsd } from '@/domain/subscription/pricing';
import { PlanFeatureList } from '@/web/components/plan-features';
import { Button } from '@/web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/web/components/ui/card';
import { Progress } from '@/web/components/ui/progress';
import { toast } from '@/web/components/ui/use-toast';
import { MANAGERS_ONLY_LINE, managesCompany } from '@/web/lib/access';
import { serverMessage } from '@/web/lib/api-client';
import { sessionKeys } from '@/web/lib/session-keys';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { wait } from '@/web/lib/wait';
import { useCreateCheckout } from '../api/create-checkout';
import { useFixSubscription } from '../api/fix-subscription';

/** Router state that marks the return from checkout once `payment=success` is cleared from the address. */
export interface PaymentReturnState {
  paymentReturn: true;
}

export function isPaymentReturn(search: string, state: unknown): boolean {
  return (
    new URLSearchParams(search).get('payment') === 'success' ||
    (typeof state === 'object' &&
      state !== null &&
      (state as Partial<PaymentReturnState>).paymentReturn === true)
  );
}

const NOTICES: Record<string, { title: string; text: string }> = {
  trial: {
    title: 'Your free trial has ended',
    text: 'Your projects and contacts are safe. Subscribe to keep managing them with Babe.',
  },
  cancelled: {
    title: 'Your subscription has been cancelled',
    text: 'Subscribe again to get back to your projects, contacts and schedules.',
  },
  past_due: {
    title: 'Your payment is past due',
    text: 'Update your subscription to keep managing your projects with Babe.',
  },
};

/**
 * Back from checkout: re-read the user every second, at most 30 times, until the
 * subscription is active; then welcome and go home after 1 s. After 30 misses: a 10 s notice and a
 * reload after 5 s.
 */
function ProcessingPayment() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const [confirmed, setConfirmed] = useState(false);

  useEffect(() => {
    let stopped = false;
    void (async () => {
      for (let n = 1; !stopped; n++) {
        await wait(PAYMENT_RETURN.pollIntervalMs);
        if (stopped) return;
        setAttempt(n);
        let status: string | undefined;
        try {
          await queryClient.refetchQueries({ queryKey: sessionKeys.user(), exact: true });
          status = queryClient.getQueryData<UserDto | null>(sessionKeys.user())?.company?.subscriptionStatus;
        } catch {
          status = undefined;
        }
        if (stopped) return;
        const step = paymentPollStep(status, n);
        if (step === 'active') {
          setConfirmed(true);
          toast({
            title: 'Welcome aboard!',
            description: 'Your subscription is active. Thank you for subscribing!',
          });
          await wait(PAYMENT_RETURN.redirectAfterMs);
          if (!stopped) void navigate('/', { replace: true });
          return;
        }
        if (step === 'give_up') {
          toast({
            title: 'Payment is still processing',
            description: 'We could not confirm your subscription yet. The page will reload shortly.',
            duration: PAYMENT_RETURN.failureNoticeMs,
          });
          await wait(PAYMENT_RETURN.reloadAfterMs);
          if (stopped) return;
          // Reload the plain screen: drop the return marker kept in the history entry.
          window.history.replaceState(null, '', window.location.pathname);
          window.location.reload();
          return;
        }
      }
    })();
    return () => {
      stopped = true;
    };
  }, [queryClient, navigate]);

  if (confirmed) {
    return (
      <Card className="mx-auto w-full max-w-md">
        <CardHeader className="items-center gap-3 text-center">
          <CheckCircle2 className="size-10 text-success" aria-hidden="true" />
          <CardTitle as="h1" className="text-2xl">
            Subscription active
          </CardTitle>
          <CardDescription>Taking you to your Portfolio...</CardDescription>
        </CardHeader>
      </Card>
    );
  }

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader className="items-center gap-3 text-center">
        <Loader2
          className="size-10 animate-spin text-primary motion-reduce:animate-none"
          aria-hidden="true"
        />
        <CardTitle as="h1" className="text-2xl">
          Processing your payment
        </CardTitle>
        <CardDescription>Confirming your subscription. This usually takes a few seconds.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Progress
          value={(attempt / PAYMENT_RETURN.maxAttempts) * 100}
          aria-label="Confirming your subscription"
        />
        <p className="text-center text-xs text-muted-foreground" aria-live="polite">
          Check {attempt} of {PAYMENT_RETURN.maxAttempts}
        </p>
      </CardContent>
    </Card>
  );
}

function SubscribeScreen({ user }: { user: UserDto }) {
  const checkout = useCreateCheckout();
  const fix = useFixSubscription();
  const notice = NOTICES[user.company?.subscriptionStatus ?? 'trial'] ?? NOTICES.trial;

  const subscribe = () =>
    checkout.mutate(undefined, {
      onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Subscription Failed',
          description: serverMessage(error) ?? 'Failed to create checkout session',
        }),
    });

  const fixStatus = () =>
    fix.mutate(undefined, {
      onSuccess: (result) =>
        toast(
          result.success
            ? { title: 'Subscription Fixed!', description: result.message }
            : {
                variant: 'destructive',
                title: 'Could Not Fix Subscription',
                description: result.message || 'Please contact support for assistance.',
              },
        ),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could Not Fix Subscription',
          description: serverMessage(error) ?? 'Please contact support for assistance.',
        }),
    });

  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader className="items-center gap-3 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-yellow-100 text-yellow-800">
          <AlertTriangle className="size-6" aria-hidden="true" />
        </span>
        <CardTitle as="h1" className="text-2xl">
          {notice?.title}
        </CardTitle>
        <CardDescription>{notice?.text}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-3">
          <h2 className="text-sm font-semibold">Everything you need to run your jobs</h2>
          <PlanFeatureList />
        </div>
        <div className="rounded-lg border border-border bg-muted p-4 text-center">
          <p className="text-3xl font-bold">
            {formatUsd(ANNUAL_PLAN_READING.amountCents)}
            <span className="text-base font-medium text-muted-foreground">
              {' '}
              per {ANNUAL_PLAN_READING.interval}
            </span>
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {ANNUAL_PLAN_READING.name}, {ANNUAL_PLAN_READING.billing} — {ANNUAL_PLAN_READING.perMonthNote}
          </p>
        </div>
      </CardContent>
      <CardFooter className="flex-col gap-2">
        {managesCompany(user) ? (
          <Button size="lg" className="w-full" onClick={subscribe} disabled={checkout.isPending}>
            <CreditCard aria-hidden="true" />
            {checkout.isPending ? 'Opening checkout...' : 'Subscribe Now'}
          </Button>
        ) : (
          <p role="note" className="rounded-lg border border-border bg-muted p-3 text-center text-sm">
            {MANAGERS_ONLY_LINE} Ask them to subscribe.
          </p>
        )}
        <Button variant="outline" className="w-full" onClick={fixStatus} disabled={fix.isPending}>
          <Wrench aria-hidden="true" />
          {fix.isPending ? 'Checking...' : 'Fix My Subscription Status'}
        </Button>
        <Button asChild variant="ghost" className="w-full">
          <Link to="/">
            <Home aria-hidden="true" />
            Return to Home
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

/**
 * /payment-required: the trial has ended or the subscription is not active; or the
 * return from checkout (`payment=success`), which clears the parameter and waits for the activation.
 */
export function PaymentRequiredPage({ user }: { user: UserDto }) {
  useDocumentTitle('Subscription required');
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returning = isPaymentReturn(location.search, location.state);
  const hasParam = searchParams.get('payment') === 'success';

  useEffect(() => {
    if (!hasParam) return;
    const state: PaymentReturnState = { paymentReturn: true };
    void navigate({ pathname: location.pathname, search: '' }, { replace: true, state });
  }, [hasParam, navigate, location.pathname]);

  return returning ? <ProcessingPayment /> : <SubscribeScreen user={user} />;
}
