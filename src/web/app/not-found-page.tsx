import { Home } from 'lucide-react';
import { Link } from 'react-router';
import { Brand } from '@/web/components/brand';
import { Button } from '@/web/components/ui/button';
import { useDocumentTitle } from '@/web/lib/use-document-title';

/** Any unknown path. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="flex min-h-dvh flex-col bg-page">
      <header className="mx-auto flex w-full max-w-7xl px-4 py-5 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Brand />
        </Link>
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="flex max-w-md flex-col items-center gap-4 text-center">
          <p className="text-6xl font-black tracking-tight text-primary" aria-hidden="true">
            404
          </p>
          <h1 className="text-2xl font-bold tracking-tight">404 Page Not Found</h1>
          <p className="text-muted-foreground">
            The page you are looking for doesn&apos;t exist or has been moved.
          </p>
          <Button asChild>
            <Link to="/">
              <Home aria-hidden="true" />
              Go Home
            </Link>
          </Button>
        </div>
      </main>
    </div>
  );
}
