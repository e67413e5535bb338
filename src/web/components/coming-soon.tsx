import type { LucideIcon } from 'lucide-react';
import { Card, CardContent } from '@/web/components/ui/card';

/**
 * The body of a screen that a later release fills in: says so plainly, and what it will hold.
 */
export function ComingSoon({ icon: Icon, children }: { icon: LucideIcon; children: string }) {
  return (
    <Card className="border-dashed">
      <CardContent className="flex flex-col items-center gap-3 px-6 py-14 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <p className="text-base font-semibold text-foreground">This screen is on its way</p>
        <p className="max-w-md text-sm text-muted-foreground">{children}</p>
      </CardContent>
    </Card>
  );
}
