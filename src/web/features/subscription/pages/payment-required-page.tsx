import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/web/components/ui/card';
import { useDocumentTitle } from '@/web/lib/use-document-title';

/**
 * /payment-required: the trial has ended or the subscription is not active.
 * (Subscribing from here comes with the billing release.)
 */
export function PaymentRequiredPage() {
  useDocumentTitle('Subscription required');
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader className="items-center gap-3 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-yellow-100 text-yellow-800">
          <AlertTriangle className="size-6" aria-hidden="true" />
        </span>
        <CardTitle as="h1" className="text-2xl">
          Your free trial has ended
        </CardTitle>
        <CardDescription>
          Your projects and contacts are safe. Subscribe to keep managing them with Babe.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="rounded-lg border border-border bg-muted p-4 text-center">
          <p className="text-3xl font-bold">
            $100<span className="text-base font-medium text-muted-foreground"> per year</span>
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            Annual plan, billed annually — less than $9/month.
          </p>
        </div>
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline" className="w-full">
          <Link to="/">Return to Home</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
