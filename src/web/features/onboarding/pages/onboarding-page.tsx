import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarCheck, FileUp, PartyPopper, Sparkles, Users } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { UserDto } from '@/contracts/auth';
import { createCompanyBody } from '@/contracts/companies';
import { COMPANY_TYPES } from '@/contracts/enums';
import { Button } from '@/web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/web/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/web/components/ui/form';
import { Input } from '@/web/components/ui/input';
import { Progress } from '@/web/components/ui/progress';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { toast } from '@/web/components/ui/use-toast';
import { homeAfterSignIn } from '@/web/lib/access';
import { formatDate } from '@/web/lib/format';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useCreateCompany } from '../api/create-company';
import { COMPANY_TYPE_LABELS } from '../components/company-types';

type CompanyFormInput = z.input<typeof createCompanyBody>;
type CompanyFormOutput = z.output<typeof createCompanyBody>;

function StepIndicator({ step }: { step: 1 | 2 }) {
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium text-muted-foreground">Step {step} of 2</p>
      <Progress value={step === 1 ? 50 : 100} aria-label={`Onboarding step ${step} of 2`} />
    </div>
  );
}

function CompanyStep({
  firstName,
  onCreated,
}: {
  firstName: string | null;
  onCreated: (user: UserDto) => void;
}) {
  const createCompany = useCreateCompany();
  const form = useForm<CompanyFormInput, unknown, CompanyFormOutput>({
    resolver: zodResolver(createCompanyBody),
    defaultValues: { name: '' },
  });
  const [name, type] = useWatch({ control: form.control, name: ['name', 'type'] });
  const complete = Boolean(name?.trim()) && Boolean(type);

  const onSubmit = form.handleSubmit((values) =>
    createCompany.mutateAsync(values).then(onCreated, () => {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to create company. Please try again.',
      });
    }),
  );

  return (
    <Card>
      <CardHeader className="gap-4">
        <StepIndicator step={1} />
        <div className="grid gap-1.5">
          <CardTitle as="h1" className="text-2xl">
            {firstName ? `Welcome, ${firstName}!` : 'Welcome!'} Let&apos;s set up your company
          </CardTitle>
          <CardDescription>
            Your projects, contacts and schedules live under your company. You can change these later.
          </CardDescription>
        </div>
      </CardHeader>
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate>
          <CardContent className="grid gap-5">
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Company name</FormLabel>
                  <FormControl>
                    <Input autoComplete="organization" placeholder="e.g. Summit Builders LLC" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="type"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Company type</FormLabel>
                  <Select value={field.value ?? ''} onValueChange={field.onChange} name={field.name}>
                    <FormControl>
                      <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                        <SelectValue placeholder="Select your company type" />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {COMPANY_TYPES.map((value) => (
                        <SelectItem key={value} value={value}>
                          {COMPANY_TYPE_LABELS[value]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormMessage />
                </FormItem>
              )}
            />
          </CardContent>
          <CardFooter className="justify-end">
            <Button
              type="submit"
              className="w-full sm:w-auto"
              disabled={!complete || createCompany.isPending}
            >
              {createCompany.isPending ? 'Creating company...' : 'Continue'}
            </Button>
          </CardFooter>
        </form>
      </Form>
    </Card>
  );
}

const NEXT_STEPS = [
  { icon: FileUp, text: 'Upload an estimate and let AI draft the plan, schedule and critical path' },
  { icon: Users, text: 'Add your clients, subcontractors, vendors and architects' },
  { icon: CalendarCheck, text: 'Track every task on the schedule across all your jobs' },
] as const;

function AllSetStep({ user, onStart }: { user: UserDto; onStart: () => void }) {
  const trialEnds = formatDate(user.company?.trialEndsAt);
  return (
    <Card>
      <CardHeader className="gap-4">
        <StepIndicator step={2} />
        <div className="flex flex-col items-center gap-3 pt-2 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <PartyPopper className="size-7" aria-hidden="true" />
          </span>
          <CardTitle as="h1" className="text-2xl">
            You&apos;re all set
          </CardTitle>
          <CardDescription className="max-w-sm text-base">
            <strong className="font-semibold text-foreground">{user.company?.name}</strong> is ready to go.
            {trialEnds ? ` Your free trial runs until ${trialEnds}.` : ''}
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 rounded-lg bg-muted p-4 text-sm">
          {NEXT_STEPS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3">
              <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button size="lg" className="w-full" onClick={onStart}>
          <Sparkles aria-hidden="true" />
          Start Building with AI
        </Button>
      </CardFooter>
    </Card>
  );
}

/**
 * /onboarding: step 1 names the company and its type, step 2 confirms and moves on to trial setup
 * (the plan and, with Stripe, the card), as after sign-up. A user who already had a company when
 * arriving is sent home.
 */
export function OnboardingPage({ user }: { user: UserDto }) {
  useDocumentTitle('Set up your company');
  const navigate = useNavigate();
  const [arrivedWithCompany] = useState(() => user.company !== null);
  const [created, setCreated] = useState<UserDto | null>(null);

  if (arrivedWithCompany) return <Navigate to="/" replace />;

  return (
    <div className="mx-auto w-full max-w-lg">
      {created ? (
        <AllSetStep user={created} onStart={() => void navigate(homeAfterSignIn(created))} />
      ) : (
        <CompanyStep
          firstName={user.firstName}
          onCreated={(next) => {
            setCreated(next);
            const trialEndsAt = next.company?.trialEndsAt;
            toast({
              title: 'Welcome aboard!',
              description:
                trialEndsAt && new Date(trialEndsAt).getTime() > Date.now()
                  ? `Your company is set up. Your free trial runs until ${formatDate(trialEndsAt)}.`
                  : 'Your company is set up.',
            });
          }}
        />
      )}
    </div>
  );
}
