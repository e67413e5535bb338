import { ArrowRight, Building2, CheckCircle2 } from 'lucide-react';
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

const POINTS = ['14-day free trial', 'No charge today', 'One plan, cancel anytime'] as const;

/**
 * /subscription-setup for a signed-in user without a company: the way into onboarding.
 * (The trial setup with plan choice and card form comes with the billing release.)
 */
export function SubscriptionSetupPage() {
  useDocumentTitle('Set up your company');
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader className="items-center gap-3 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Building2 className="size-6" aria-hidden="true" />
        </span>
        <CardTitle as="h1" className="text-2xl">
          Set up your company
        </CardTitle>
        <CardDescription>
          Everything in Babe belongs to a company. Create yours to start your free trial.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm">
          {POINTS.map((point) => (
            <li key={point} className="flex items-center gap-2">
              <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
              {point}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button asChild size="lg" className="w-full">
          <Link to="/onboarding">
            Set up my company
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
