/**
 * The landing page as the build writes it into landing.html (see scripts/page-variants.ts): the
 * app's own routes drawn at `/` for a visitor without a session, so the page shows its content before
 * any script has run. The browser then takes this markup over (main.tsx hydrates it), which needs
 * the same tree: the same <App>, a cache that knows nobody is signed in, the same routes in memory.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { pages } from '@/contracts/pages';
import { createQueryClient } from '@/web/lib/query-client';
import { sessionKeys } from '@/web/lib/session-keys';
import { App } from './app';
import { appRoutes } from './router';

/** The markup of #root for a signed-out visitor at `/`, every lazily loaded part included. */
export async function renderLanding(): Promise<string> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionKeys.user(), null);
  const router = createMemoryRouter(appRoutes, { initialEntries: [pages.home] });
  const { prelude } = await prerender(
    <StrictMode>
      <App start={() => ({ queryClient, router })} />
    </StrictMode>,
  );
  return new Response(prelude).text();
}
