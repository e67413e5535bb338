import { LogOut } from 'lucide-react';
import { Outlet } from 'react-router';
import { Brand } from '@/web/components/brand';
import { Button } from '@/web/components/ui/button';
import { useLogout } from '@/web/features/auth/api/logout';

/**
 * The frame of the account set-up screens (/onboarding, /subscription-setup, /payment-required):
 * no product navigation yet, but always a way to sign out.
 */
export function SetupLayout() {
  const { logout, isPending } = useLogout();
  return (
    <div className="flex min-h-dvh flex-col bg-page">
      <header className="border-b border-border bg-white">
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
          <Brand />
          <Button variant="ghost" size="sm" onClick={logout} disabled={isPending}>
            <LogOut aria-hidden="true" />
            Sign out
          </Button>
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col justify-center px-4 py-10 sm:px-6">
        <Outlet />
      </main>
    </div>
  );
}
