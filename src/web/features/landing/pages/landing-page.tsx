import { ArrowRight, CalendarClock, FileText, Users } from 'lucide-react';
import { Link } from 'react-router';
import { PublicHeader } from '@/web/components/public-header';
import { SiteFooter } from '@/web/components/site-footer';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useDocumentTitle } from '@/web/lib/use-document-title';

const FEATURES = [
  {
    icon: FileText,
    title: 'Upload any estimate',
    text: 'AI turns your estimate into a complete project plan: schedule, dependencies and critical path.',
  },
  {
    icon: CalendarClock,
    title: 'Smart scheduling',
    text: 'Plans that account for weather, material availability, permits and trade dependencies.',
  },
  {
    icon: Users,
    title: 'Your whole network',
    text: 'Organise clients, contractors and vendors, and track progress with AI insights and risk assessment.',
  },
] as const;

/** / for visitors who are not signed in. (The full landing page comes in a later release.) */
export function LandingPage() {
  useDocumentTitle();
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <PublicHeader />
      <main className="flex-1">
        <section className="bg-gradient-to-b from-orange-50 to-white">
          <div className="mx-auto flex w-full max-w-5xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6 sm:py-24">
            <p className="rounded-full bg-white px-3 py-1 text-sm font-medium text-accent-foreground shadow-sm ring-1 ring-orange-200">
              Your AI construction assistant
            </p>
            <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
              Stop juggling spreadsheets. Run every job from one place.
            </h1>
            <p className="max-w-2xl text-lg text-pretty text-muted-foreground">
              Keep every project, contact and deadline together — and let AI build the plan from your
              estimate.
            </p>
            <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
              <Button asChild size="lg">
                <Link to="/signup">
                  Start 14-Day Free Trial
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/signin">Sign In</Link>
              </Button>
            </div>
            <p className="text-sm text-muted-foreground">No charge today · One plan · Cancel anytime</p>
          </div>
        </section>
        <section aria-labelledby="features-title" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            Built for contractors and construction managers
          </h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <Card key={title}>
                <CardHeader>
                  <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <CardTitle>{title}</CardTitle>
                </CardHeader>
                <CardContent>
                  <CardDescription className="text-base">{text}</CardDescription>
                </CardContent>
              </Card>
            ))}
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
