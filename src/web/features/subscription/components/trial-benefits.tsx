import { CalendarCheck, CreditCard, ShieldCheck } from 'lucide-react';

/** The three benefit points of trial setup. */
const BENEFITS = [
  { icon: CalendarCheck, title: '14-day free trial', text: 'Every feature, free for 14 days.' },
  { icon: CreditCard, title: 'No charge today', text: 'You pay nothing until your trial ends.' },
  { icon: ShieldCheck, title: 'Cancel anytime', text: 'One plan, no contracts, no surprises.' },
] as const;

export function TrialBenefits() {
  return (
    <ul className="grid gap-3 sm:grid-cols-3">
      {BENEFITS.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex items-start gap-3 rounded-lg bg-muted p-3">
          <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <span className="grid gap-0.5">
            <span className="text-sm font-semibold">{title}</span>
            <span className="text-sm text-muted-foreground">{text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
