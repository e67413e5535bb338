import { Link, Outlet } from 'react-router';
import { PublicHeader } from '@/web/components/public-header';
import { SiteFooter } from '@/web/components/site-footer';
import { Button } from '@/web/components/ui/button';
import { useSessionUser } from '../session';

/** The frame of public content screens (/about, /contact-support, /test-auth). */
export function PublicLayout() {
  const user = useSessionUser();
  return (
    <div className="flex min-h-dvh flex-col bg-page">
      <PublicHeader
        actions={
          user ? (
            <Button asChild size="sm">
              <Link to="/">Go to Portfolio</Link>
            </Button>
          ) : undefined
        }
      />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
