import { LogOut, Menu, Settings, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Brand } from '@/web/components/brand';
import { Button } from '@/web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/web/components/ui/tooltip';
import { useLogout } from '@/web/features/auth/api/logout';
import { ReminderBell } from '@/web/features/reminders/components/reminder-bell';
import { cn } from '@/web/lib/utils';
import { activeNavItem, NAV_ITEMS } from './nav-items';

function SettingsLink() {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button asChild variant="ghost" size="icon">
          <Link to="/account-settings" aria-label="Settings">
            <Settings aria-hidden="true" />
          </Link>
        </Button>
      </TooltipTrigger>
      <TooltipContent>Settings</TooltipContent>
    </Tooltip>
  );
}

/**
 * The signed-in frame: brand, the four main entries with the active one highlighted,
 * Settings and Logout; below `lg` a menu toggle opens the same entries plus Logout.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const active = activeNavItem(pathname);
  const { logout, isPending: loggingOut } = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <div className="flex min-h-dvh flex-col bg-page">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow-lg focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-border bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
        <div className="mx-auto flex h-16 w-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Link
            to="/projects"
            className="rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <Brand />
          </Link>

          <nav aria-label="Main" className="hidden lg:block">
            <ul className="flex items-center gap-1">
              {NAV_ITEMS.map((item) => {
                const isActive = item === active;
                return (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      aria-current={isActive ? 'page' : undefined}
                      className={cn(
                        'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                        isActive
                          ? 'bg-accent text-accent-foreground'
                          : 'text-muted-foreground hover:bg-secondary hover:text-foreground',
                      )}
                    >
                      <item.icon className="size-4" aria-hidden="true" />
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>

          <div className="hidden items-center gap-1 lg:flex">
            <ReminderBell />
            <SettingsLink />
            <Button variant="ghost" onClick={logout} disabled={loggingOut}>
              <LogOut aria-hidden="true" />
              Logout
            </Button>
          </div>

          <div className="flex items-center gap-1 lg:hidden">
            <ReminderBell />
            <SettingsLink />
            <DropdownMenu open={menuOpen} onOpenChange={setMenuOpen}>
              <DropdownMenuTrigger asChild>
                <Button variant="ghost" size="icon" aria-label={menuOpen ? 'Close menu' : 'Open menu'}>
                  {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end" className="w-56">
                {NAV_ITEMS.map((item) => {
                  const isActive = item === active;
                  return (
                    <DropdownMenuItem
                      key={item.to}
                      asChild
                      className={cn(isActive && 'bg-accent font-medium text-accent-foreground')}
                    >
                      <Link to={item.to} aria-current={isActive ? 'page' : undefined}>
                        <item.icon aria-hidden="true" />
                        {item.label}
                      </Link>
                    </DropdownMenuItem>
                  );
                })}
                <DropdownMenuSeparator />
                <DropdownMenuItem onSelect={logout} disabled={loggingOut}>
                  <LogOut aria-hidden="true" />
                  Logout
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8 lg:px-8"
      >
        {children ?? <Outlet />}
      </main>
    </div>
  );
}
