import { Clock, HardHat, LifeBuoy, Mail, Phone, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/web/components/page-header';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { siteConfig } from '@/web/lib/site-config';

/** /about: who builds Babe and how to reach support. */
export function AboutPage() {
  const { founderName, supportEmail, supportPhone, supportHours, responseTime } = siteConfig;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title="About Us" description="Construction project management for modern contractors." />
      <Card>
        <CardHeader>
          <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <HardHat className="size-5" aria-hidden="true" />
          </span>
          <CardTitle as="h2">Our story</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 text-base text-slate-700">
          <p>
            Babe was founded by <strong className="font-semibold text-foreground">{founderName}</strong> after
            years of watching contractors run million-dollar jobs from spreadsheets, sticky notes and group
            texts.
          </p>
          <p>
            We build one place for every project, contact and deadline — with an AI assistant that turns an
            estimate into a real plan: tasks, dependencies, timeline and critical path.
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <Sparkles className="size-5" aria-hidden="true" />
          </span>
          <CardTitle as="h2">What we believe</CardTitle>
          <CardDescription>Software for the job site should be as dependable as the crew.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid list-disc gap-2 pl-5 text-slate-700">
            <li>Plans that account for weather, materials, permits and trade dependencies.</li>
            <li>One simple plan, a 14-day free trial, and you can cancel anytime.</li>
            <li>Your company&apos;s data belongs to your company.</li>
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <LifeBuoy className="size-5" aria-hidden="true" />
          </span>
          <CardTitle as="h2">Contact support</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ul className="grid gap-3 text-sm">
            <li className="flex items-start gap-3">
              <Mail className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span className="sr-only">Email:</span>
              <span>
                <a
                  className="font-medium text-primary underline-offset-4 hover:underline"
                  href={`mailto:${supportEmail}`}
                >
                  {supportEmail}
                </a>
              </span>
            </li>
            <li className="flex items-start gap-3">
              <Phone className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span className="sr-only">Phone:</span>
              <span>
                <a
                  className="font-medium text-primary underline-offset-4 hover:underline"
                  href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`}
                >
                  {supportPhone}
                </a>
              </span>
            </li>
            <li className="flex items-start gap-3">
              <Clock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span className="sr-only">Support hours:</span>
              <span>
                {supportHours}
                <span className="block text-muted-foreground">{responseTime}</span>
              </span>
            </li>
          </ul>
          <Button asChild className="w-full sm:w-fit">
            <Link to="/contact-support">Send us a message</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
