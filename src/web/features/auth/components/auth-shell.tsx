import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from '@/web/components/brand';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { cn } from '@/web/lib/utils';

/** The frame of the sign-in, sign-up and reset screens: brand on top, content centred. */
export function AuthShell({
  title,
  children,
  wide = false,
}: {
  /** The tab title. */
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-dvh flex-col bg-page">
      <header className="mx-auto flex w-full max-w-7xl items-center px-4 py-5 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Brand />
        </Link>
      </header>
      <main
        className={cn(
          'mx-auto flex w-full flex-1 flex-col justify-center px-4 pb-12 sm:px-6',
          wide ? 'max-w-5xl' : 'max-w-md',
        )}
      >
        {children}
      </main>
    </div>
  );
}
