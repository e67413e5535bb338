import { ArrowRight, BrainCircuit, CalendarClock, FileText, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { PublicHeader } from '@/web/components/public-header';
import { SiteFooter } from '@/web/components/site-footer';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { HowItWorksCarousel } from '../components/how-it-works-carousel';
import { PricingSection } from '../components/pricing-section';

/** The three headline features. */
const FEATURES = [
  {
    icon: FileText,
    title: 'Upload any estimate',
    text: 'Upload any estimate and AI creates the complete project plan: schedule, dependencies and critical path.',
  },
  {
    icon: CalendarClock,
    title: 'Smart scheduling',
    text: 'Schedules that account for weather, material availability, permits and trade dependencies.',
  },
  {
    icon: Users,
    title: 'Your whole network',
    text: 'Organise clients, contractors and vendors, and track progress with AI insights and risk assessment.',
  },
] as const;

const PRICING_ID = 'pricing';

function scrollToPricing() {
  const target = document.getElementById(PRICING_ID);
  if (!target) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  // Keyboard users continue from the pricing section.
  target.focus({ preventScroll: true });
}

/**
 * / for visitors who are not signed in: hero, AI features, "See How It Works", pricing, final call to
 * action. `headerActions` replace the header's sign-in buttons (for a signed-in visitor).
 */
export function LandingPage({ headerActions }: { headerActions?: ReactNode } = {}) {
  useDocumentTitle();
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <PublicHeader actions={headerActions} />
      <main className="flex-1">
        <section className="bg-gradient-to-b from-orange-50 to-white">
          <div className="mx-auto flex w-full max-w-5xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6 sm:py-24">
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-accent-foreground shadow-sm ring-1 ring-orange-200">
              <BrainCircuit className="size-4" aria-hidden="true" />
              Your AI construction assistant
            </p>
            <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
              Stop juggling spreadsheets. Run every job from one place.
            </h1>
            <p className="max-w-2xl text-lg text-pretty text-muted-foreground">
              Keep every project, contact and deadline together — and let AI build the plan from your
              estimate.
            </p>
            <Button size="lg" className="w-full sm:w-auto" onClick={scrollToPricing}>
              Start Building Your First Project
              <ArrowRight aria-hidden="true" />
            </Button>
            <p className="text-sm text-muted-foreground">
              14-day free trial · No charge today · Cancel anytime
            </p>
          </div>
        </section>

        <section aria-labelledby="features-title" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            AI that works the way contractors do
          </h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <Card key={title}>
                <CardHeader>
                  <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <CardTitle as="h3">{title}</CardTitle>
                </CardHeader>
                <CardContent>
                  <CardDescription className="text-base">{text}</CardDescription>
                </CardContent>
              </Card>
            ))}
          </div>
        </section>

        <div className="bg-white px-4 pb-16 sm:px-6 sm:pb-24">
          <h2 id="how-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            See How It Works
          </h2>
          <p className="mx-auto mt-3 mb-10 max-w-xl text-center text-lg text-muted-foreground">
            From estimate to running job in four steps.
          </p>
          <HowItWorksCarousel />
        </div>

        <PricingSection id={PRICING_ID} />

        <section className="bg-slate-900 px-4 py-16 text-center sm:px-6 sm:py-20">
          <h2 className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white">
            Ready to run your next job with AI?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-lg text-slate-300">
            Start your 14-day free trial today. One plan, cancel anytime.
          </p>
          <Button asChild size="lg" className="mt-8 w-full sm:w-auto">
            {/* A full page load: the server answers /api/login with the sign-in redirect. */}
            <a href="/api/login">
              Get Started Free
              <ArrowRight aria-hidden="true" />
            </a>
          </Button>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
