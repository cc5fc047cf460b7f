import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { ErrorModalHost } from './components/error-modal';
import { NotificationsHost } from './components/notifications-host';
import { colorSchemeManager, cssVariablesResolver, theme } from './lib/theme';
import { router } from './routes/router';

/**
 * The providers around the router. The query cache is provided by the signed-in layout, where the
 * queries are: the public pages stay light.
 */
export function App() {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <RouterProvider router={router} />
      <NotificationsHost />
      <ErrorModalHost />
    </MantineProvider>
  );
}
