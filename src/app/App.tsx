import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { ApiContext, type ApiClient } from '../api';
import { ToastProvider } from '../ui';
import { LocaleProvider } from '../i18n';
import type { RuntimeConfig } from '../config';
import { ConfigContext } from '../config';
import type { createAppRouter } from './router';

export function App({
  config,
  api,
  queryClient,
  router,
}: {
  config: RuntimeConfig;
  api: ApiClient;
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}) {
  return (
    <ConfigContext.Provider value={config}>
      <ApiContext.Provider value={api}>
        <QueryClientProvider client={queryClient}>
          <LocaleProvider>
            <ToastProvider>
              <RouterProvider router={router} />
            </ToastProvider>
          </LocaleProvider>
        </QueryClientProvider>
      </ApiContext.Provider>
    </ConfigContext.Provider>
  );
}
