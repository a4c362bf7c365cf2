import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles/app.css';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { keepZodFromEval } from './app/zod-without-eval';
import { initTheme } from './lib/app-state/theme';
import { installFreshness } from './lib/freshness/install-freshness';
import { listenForInstallPrompt } from './lib/pwa/install-prompt';

keepZodFromEval();
listenForInstallPrompt();

const router = createAppRouter();
installFreshness(router);

// Waiting for the theme stylesheet before the first render avoids a flash of unstyled (or
// wrongly coloured) content; the wait is capped so a slow stylesheet never blocks the app.
const THEME_WAIT_MS = 1500;
await Promise.race([initTheme(), new Promise((resolve) => setTimeout(resolve, THEME_WAIT_MS))]);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
