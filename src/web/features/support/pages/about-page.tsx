import { Info } from 'lucide-react';
import { ComingSoon } from '@/web/components/coming-soon';
import { PageHeader } from '@/web/components/page-header';

/** /about. Built in a later release. */
export function AboutPage() {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title="About Us" description="Construction project management for modern contractors." />
      <ComingSoon icon={Info}>
        Who builds Babe and how to reach support (Monday to Friday, 9 AM to 5 PM CST) will appear here.
      </ComingSoon>
    </div>
  );
}
