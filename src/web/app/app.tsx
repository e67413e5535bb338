import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import type { UserDto } from '@/contracts/auth';
import { userQueryOptions } from '@/web/features/auth/api/get-user';
import { createQueryClient } from '@/web/lib/query-client';
import { sessionKeys } from '@/web/lib/session-keys';
import { gateRedirect } from './gate';
import { startInitialRequests, startSignedInRequests } from './initial-requests';
import { isPrerenderedSignedOut } from './prerendered';
import { AppProviders } from './providers';
import { createRouter } from './router';

export interface AppStart {
  queryClient: QueryClient;
  router: ReturnType<typeof createRouter>;
}

/**
 * The app's cache and router, made once. The session (preloaded by index.html) and the first
 * screen's data are asked for before the screen's code has arrived, so the downloads overlap. A page
 * the server sent drawn for a signed-out visitor (landing.html) already says there is no session.
 */
function startApp(): AppStart {
  startInitialRequests(window.location);
  const queryClient = createQueryClient();
  if (isPrerenderedSignedOut(document.getElementById('root'))) {
    queryClient.setQueryData(sessionKeys.user(), null);
  } else {
    const location = { pathname: window.location.pathname, search: window.location.search };
    void queryClient.prefetchQuery(userQueryOptions()).then(() => {
      const user = queryClient.getQueryData<UserDto | null>(sessionKeys.user());
      // Only for a user the gate lets through to the page asked for.
      if (user && gateRedirect(user, location.pathname) === null) startSignedInRequests(location);
    });
  }
  return { queryClient, router: createRouter() };
}

/** The whole app; the build's prerender passes its own cache and an in-memory router. */
export function App({ start = startApp }: { start?: () => AppStart }) {
  const [{ queryClient, router }] = useState(start);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
