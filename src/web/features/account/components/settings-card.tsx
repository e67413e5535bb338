import type { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { cn } from '@/web/lib/utils';

/** One card of account settings: an icon and title, what it is for, and its controls. */
export function SettingsCard({
  icon: Icon,
  title,
  description,
  children,
  danger = false,
}: {
  icon: typeof Info;
  title: string;
  description: ReactNode;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <Card className={cn(danger && 'border-red-200')}>
      <CardHeader>
        <CardTitle as="h2" className={cn('flex items-center gap-2', danger && 'text-destructive')}>
          <Icon className={cn('size-5', danger ? 'text-destructive' : 'text-primary')} aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
