import { Link } from 'react-router';
import { Brand } from './brand';

/** The public footer: tagline, About Us and Contact Support links, copyright. */
export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-white">
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div className="flex flex-col gap-2">
          <Brand />
          <p className="text-sm text-muted-foreground">
            Construction project management for modern contractors.
          </p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <Link to="/about" className="text-muted-foreground hover:text-foreground hover:underline">
            About Us
          </Link>
          <Link to="/contact-support" className="text-muted-foreground hover:text-foreground hover:underline">
            Contact Support
          </Link>
          {/* Placeholders with no target yet. */}
          <span className="text-muted-foreground">Privacy Policy</span>
          <span className="text-muted-foreground">Terms of Service</span>
        </nav>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto w-full max-w-7xl px-4 py-4 text-xs text-muted-foreground sm:px-6 lg:px-8">
          © 2025 Babe Construction Manager. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
