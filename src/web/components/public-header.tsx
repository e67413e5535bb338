import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { Brand } from './brand';

/**
 * The header of public screens: the brand (home link) and, by default, "Sign In" → /signin and
 * "Get Started Free" → /signup. Pass `actions` to show something else.
 */
export function PublicHeader({ actions }: { actions?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 w-full max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Brand compact />
        </Link>
        <div className="flex items-center gap-2">
          {actions ?? (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to="/signin">Sign In</Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/signup">Get Started Free</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
