import { CONTACT_TYPE_LABELS } from '@/contracts/contacts';
import type { ContactType } from '@/contracts/enums';
import { Badge } from '@/web/components/ui/badge';
import { cn } from '@/web/lib/utils';

const TYPE_STYLES: Record<ContactType, string> = {
  client: 'bg-blue-100 text-blue-800',
  subcontractor: 'bg-green-100 text-green-800',
  vendor: 'bg-amber-100 text-amber-900',
  architect: 'bg-violet-100 text-violet-800',
};

export function ContactTypeBadge({ type, className }: { type: ContactType; className?: string }) {
  return (
    <Badge className={cn('border-transparent', TYPE_STYLES[type], className)} data-contact-type={type}>
      {CONTACT_TYPE_LABELS[type]}
    </Badge>
  );
}
