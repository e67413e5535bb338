import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { CreditCard, Lock, RefreshCw, WifiOff } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/use-toast';

/**
 * Stripe.js, loaded from Stripe only when the card form is shown (never at start-up), once per
 * publishable key. A failed load is forgotten so that "Try again" loads it afresh.
 */
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch((error: unknown) => {
      loaded.delete(publishableKey);
      throw error;
    });
    loaded.set(publishableKey, promise);
  }
  return promise;
}

type LoadState = { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed' };

function useStripeJs(publishableKey: string): LoadState {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    stripeFor(publishableKey).then(
      (stripe) => {
        if (current) setState(stripe ? { status: 'ready', stripe } : { status: 'failed' });
      },
      () => {
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [publishableKey]);
  return state;
}

function SaveCard({ cardOnFile, onSaved }: { cardOnFile: boolean; onSaved: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || saving) return;
    setSaving(true);
    // The address Stripe returns to when a card needs a redirect (a bank's check): the site root.
    const result = await stripe.confirmSetup({
      elements,
      confirmParams: { return_url: `${window.location.origin}/` },
      redirect: 'if_required',
    });
    setSaving(false);
    if (result.error) {
      toast({
        variant: 'destructive',
        title: 'Payment Failed',
        description: result.error.message ?? 'Your card could not be saved. Please try again.',
      });
      return;
    }
    onSaved();
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4">
      <PaymentElement
        onReady={() => setReady(true)}
        options={{ layout: 'tabs', wallets: { applePay: 'never', googlePay: 'never' } }}
      />
      {!ready && (
        <span className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" label="Loading the card form" />
          Loading the secure card form...
        </span>
      )}
      <Button type="submit" size="lg" disabled={!stripe || !ready || saving}>
        <CreditCard aria-hidden="true" />
        {saving ? 'Saving card...' : cardOnFile ? 'Replace Card' : 'Save Card & Start Trial'}
      </Button>
    </form>
  );
}

/** Stripe.js could not be loaded (offline, blocked): the page says so and offers to try again. */
function StripeUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="grid gap-3 rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-950"
    >
      <p className="flex items-start gap-2 font-semibold">
        <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        The secure card form could not be loaded.
      </p>
      <p>
        Stripe, who keeps your card details, could not be reached. Check your connection (or a blocker for
        js.stripe.com) and try again. You can also continue to the dashboard and add your card before the
        trial ends.
      </p>
      <Button variant="outline" size="sm" className="justify-self-start bg-white" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}

interface CardFormProps {
  publishableKey: string;
  clientSecret: string;
  cardOnFile: boolean;
  onSaved: () => void;
}

/**
 * The embedded card form: Stripe's Payment Element mounted with the publishable key and the
 * SetupIntent's client secret. The card goes straight to Stripe; it is charged when the trial ends.
 * Each "Try again" after a failed load starts a fresh attempt.
 */
export function CardForm(props: CardFormProps) {
  const [attempt, setAttempt] = useState(0);
  return <CardFormAttempt key={attempt} {...props} onRetry={() => setAttempt((n) => n + 1)} />;
}

function CardFormAttempt({
  publishableKey,
  clientSecret,
  cardOnFile,
  onSaved,
  onRetry,
}: CardFormProps & { onRetry: () => void }) {
  const state = useStripeJs(publishableKey);
  return (
    <section
      aria-labelledby="card-form-title"
      className="grid min-w-0 gap-3 rounded-xl border border-border p-4"
    >
      <h2 id="card-form-title" className="flex items-center gap-2 text-sm font-semibold">
        <Lock className="size-4 text-primary" aria-hidden="true" />
        {cardOnFile ? 'Your card' : 'Add your card'}
      </h2>
      <p className="text-sm text-muted-foreground">
        {cardOnFile
          ? 'A card is saved and is charged when the trial ends. Enter another card to replace it.'
          : 'Not charged today: the first payment is taken when the trial ends. Without a card, the subscription ends with the trial.'}
      </p>
      {state.status === 'failed' ? (
        <StripeUnavailable onRetry={onRetry} />
      ) : state.status === 'loading' ? (
        <span className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" label="Loading Stripe" />
          Loading the secure card form...
        </span>
      ) : (
        <Elements
          key={clientSecret}
          stripe={state.stripe}
          options={{
            clientSecret,
            appearance: {
              theme: 'stripe',
              variables: {
                colorPrimary: '#c2410c',
                borderRadius: '6px',
                fontFamily: 'system-ui, sans-serif',
              },
            },
          }}
        >
          <SaveCard cardOnFile={cardOnFile} onSaved={onSaved} />
        </Elements>
      )}
    </section>
  );
}
