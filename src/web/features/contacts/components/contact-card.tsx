import { Building2, Download, Mail, Pencil, Phone, ShieldCheck, Trash2 } from 'lucide-react';
import type { MouseEvent } from 'react';
import { type ContactDto, contactPaths } from '@/contracts/contacts';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ContactTypeBadge } from './contact-type-badge';
import { RatingStars } from './rating-stars';

/** A click on the card opens the edit dialog, unless it landed on one of the card's own controls. */
const isOwnControl = (target: EventTarget | null) =>
  target instanceof Element && target.closest('button, a') !== null;

/** A phone number as a `tel:` address: digits, with a leading + kept. */
const telHref = (phone: string) =>
  `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;

const linkClass =
  'flex min-w-0 items-center gap-2 rounded-sm text-sm text-muted-foreground hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/**
 * A contact card: type badge, name, company, email and phone as links, rating stars, the licensed
 * badge and the trades; its buttons edit, download as vCard and delete.
 */
export function ContactCard({
  contact,
  onEdit,
  onDelete,
}: {
  contact: ContactDto;
  onEdit: (contact: ContactDto) => void;
  onDelete: (contact: ContactDto) => void;
}) {
  const onCardClick = (e: MouseEvent) => {
    if (!isOwnControl(e.target)) onEdit(contact);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the Edit button is the keyboard way in
    // biome-ignore lint/a11y/noStaticElementInteractions: as above; the whole card is a pointer shortcut
    <div onClick={onCardClick} className="h-full cursor-pointer">
      <Card className="flex h-full flex-col gap-3 p-5 transition-shadow hover:shadow-md">
        <div className="flex items-start justify-between gap-2">
          <div className="flex flex-wrap items-center gap-1.5">
            <ContactTypeBadge type={contact.type} />
            {contact.licensed && (
              <Badge variant="outline" className="border-green-300 text-green-800">
                <ShieldCheck className="size-3.5" aria-hidden="true" />
                Licensed
              </Badge>
            )}
          </div>
          <div className="-mt-1.5 -mr-2 flex shrink-0 items-center">
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Edit ${contact.name}`}
              onClick={() => onEdit(contact)}
            >
              <Pencil aria-hidden="true" />
            </Button>
            <Button variant="ghost" size="icon" className="size-8" asChild>
              <a
                href={contactPaths.vcard(contact.id)}
                download
                aria-label={`Download vCard of ${contact.name}`}
              >
                <Download aria-hidden="true" />
              </a>
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-8 text-muted-foreground hover:text-destructive"
              aria-label={`Delete ${contact.name}`}
              onClick={() => onDelete(contact)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        </div>

        <div className="min-w-0">
          <h2 className="text-lg leading-snug font-semibold break-words">{contact.name}</h2>
          {contact.company && (
            <p className="mt-0.5 flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
              <Building2 className="size-4 shrink-0" aria-hidden="true" />
              <span className="truncate">{contact.company}</span>
            </p>
          )}
        </div>

        <div className="grid gap-1.5">
          <a href={`mailto:${contact.email}`} className={linkClass}>
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{contact.email}</span>
          </a>
          {contact.phone && (
            <a href={telHref(contact.phone)} className={linkClass}>
              <Phone className="size-4 shrink-0" aria-hidden="true" />
              <span className="truncate">{contact.phone}</span>
            </a>
          )}
        </div>

        {(contact.rating !== null || contact.specialties.length > 0) && (
          <div className="mt-auto grid gap-2.5 border-t border-border pt-3">
            {contact.rating !== null && <RatingStars value={contact.rating} />}
            {contact.specialties.length > 0 && (
              <ul className="flex flex-wrap gap-1.5" aria-label={`Specialties of ${contact.name}`}>
                {contact.specialties.map((trade) => (
                  <li key={trade}>
                    <Badge
                      variant="secondary"
                      className="max-w-full font-medium whitespace-normal break-words"
                    >
                      {trade}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
