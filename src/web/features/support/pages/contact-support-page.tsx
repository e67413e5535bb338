import { LifeBuoy } from 'lucide-react';
import { ComingSoon } from '@/web/components/coming-soon';
import { PageHeader } from '@/web/components/page-header';

/** /contact-support: the feedback form. Built in a later release. */
export function ContactSupportPage() {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader
        title="Contact Support"
        description="Report a problem, ask a question or suggest an idea."
      />
      <ComingSoon icon={LifeBuoy}>The feedback form will appear here.</ComingSoon>
    </div>
  );
}
