import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { userQueryOptions } from '@/web/features/auth/api/get-user';
import { createQueryClient } from '@/web/lib/query-client';
import { startInitialRequests } from './initial-requests';
import { AppProviders } from './providers';
import { createRouter } from './router';

/**
 * The app's cache and router, made once. The session (preloaded by index.html) and the first
 * screen's data are asked for before the screen's code has arrived, so the downloads overlap.
 */
function startApp() {
  startInitialRequests(window.location);
  const queryClient = createQueryClient();
  void queryClient.prefetchQuery(userQueryOptions());
  return { queryClient, router: createRouter() };
}

export function App() {
  const [{ queryClient, router }] = useState(startApp);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
