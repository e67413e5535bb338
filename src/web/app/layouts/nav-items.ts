import { BarChart3, Calendar, type LucideIcon, Sparkles, Users } from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** The four main entries of the top bar. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Portfolio', to: '/projects', icon: BarChart3 },
  { label: 'Contacts', to: '/contacts', icon: Users },
  { label: 'Schedule', to: '/schedule', icon: Calendar },
  { label: 'AI Insights', to: '/ai-insights', icon: Sparkles },
];

/** The highlighted entry: Portfolio for / and /projects…, and for anything not listed. */
export function activeNavItem(pathname: string): NavItem {
  const match = NAV_ITEMS.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
  return match ?? (NAV_ITEMS[0] as NavItem);
}
