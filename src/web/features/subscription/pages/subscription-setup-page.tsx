import { ArrowRight, Building2, LogIn, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { UserDto } from '@/contracts/auth';
import { Button } from '@/web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/web/components/ui/card';
import { MANAGERS_ONLY_LINE, managesCompany } from '@/web/lib/access';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { TrialBenefits } from '../components/trial-benefits';
import { TrialSetup } from '../components/trial-setup';

/** No company yet: onboarding asks for it first, then brings the user back here to choose the plan. */
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
        <TrialBenefits />
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

/** A member who reaches trial setup: the company's trial is its owner's to set up, not theirs. */
function TrialIsTheOwners({ user }: { user: UserDto }) {
  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader className="items-center gap-3 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Users className="size-6" aria-hidden="true" />
        </span>
        <CardTitle as="h1" className="text-2xl">
          You&apos;re part of {user.company?.name ?? 'your company'}
        </CardTitle>
        <CardDescription>{MANAGERS_ONLY_LINE}</CardDescription>
      </CardHeader>
      <CardFooter className="justify-center">
        <Button asChild size="lg" className="w-full sm:w-auto">
          <Link to="/projects">
            Go to Portfolio
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

/**
 * /subscription-setup: the trial setup for the company's owner or an admin, a pointer to the
 * Portfolio for a member, or the way into onboarding while there is no company.
 */
export function SubscriptionSetupPage({ user, onSignInAgain }: { user: UserDto; onSignInAgain: () => void }) {
  useDocumentTitle(user.company ? 'Start your free trial' : 'Set up your company');
  if (!user.company) return <CompanyFirst onSignInAgain={onSignInAgain} />;
  if (!managesCompany(user)) return <TrialIsTheOwners user={user} />;
  return <TrialSetup user={user} onSignInAgain={onSignInAgain} />;
}
