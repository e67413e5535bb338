import type { ReactNode } from 'react';
import { TooltipProvider } from '@/web/components/ui/tooltip';
import { AppLayout } from './app-layout';

/**
 * The frame of every signed-in screen, with what only those screens use (tooltips, menus). It is
 * downloaded with the first signed-in screen, so the landing and sign-in pages don't carry it.
 */
export function SignedInFrame({ children }: { children?: ReactNode }) {
  return (
    <TooltipProvider>
      <AppLayout>{children}</AppLayout>
    </TooltipProvider>
  );
}
