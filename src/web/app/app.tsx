import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { userQueryOptions } from '@/web/features/auth/api/get-user';
import { createQueryClient } from '@/web/lib/query-client';
import { AppProviders } from './providers';
import { createRouter } from './router';

/**
 * The app's cache and router, made once. The session is asked for before the first screen's code
 * has arrived, so the two downloads overlap.
 */
function startApp() {
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
