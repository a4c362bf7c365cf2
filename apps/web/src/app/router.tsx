import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { appRoutes } from '@flowsmith/shared';
import { prefetchCanvas } from '../features/constructor/prefetch-canvas';
import { ErrorPage, NotFoundPage } from './error/error-page';
import { guestOnlyLoader, requireSessionLoader } from './guards/session-loaders';
import { queryClient } from './query-client';
import { AppShell } from './shell/app-shell';

type TPageModule = { default: ComponentType };

/** Route `lazy` for a module whose default export is the page (spec §2: all routes on demand). */
const page = (load: () => Promise<TPageModule>) => async () => ({
  Component: (await load()).default,
});

/** Strips the leading slash: child paths are relative to the root. */
const child = (path: string) => path.replace(/^\//, '');

export const routes: RouteObject[] = [
  // End users of published apps: no shell, no session, a small bundle of its own.
  ...[appRoutes.app, appRoutes.appEmbed].map((path) => ({
    path,
    errorElement: <ErrorPage />,
    lazy: page(() => import('../features/apps/app-page')),
  })),
  {
    // The shell (loading bar, tooltip, PWA toasts) stays; errors of pages render inside it.
    element: <AppShell />,
    errorElement: <ErrorPage />,
    // Shown while the first route's lazy module and loader resolve.
    hydrateFallbackElement: (
      <div className="app-boot" aria-busy="true" aria-label="Loading Flowsmith">
        <span className="app-boot__spinner" />
      </div>
    ),
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          {
            lazy: page(() => import('./layouts/empty-layout')),
            children: [
              {
                path: child(appRoutes.login),
                loader: guestOnlyLoader,
                lazy: page(() => import('../features/auth/login-page')),
              },
              {
                path: child(appRoutes.register),
                loader: guestOnlyLoader,
                lazy: page(() => import('../features/auth/register-page')),
              },
              {
                path: child(appRoutes.verifyEmail),
                lazy: page(() => import('../features/auth/verify-email-page')),
              },
              {
                path: child(appRoutes.forgotPassword),
                loader: guestOnlyLoader,
                lazy: page(() => import('../features/auth/forgot-password-page')),
              },
              {
                path: child(appRoutes.resetPassword),
                lazy: page(() => import('../features/auth/reset-password-page')),
              },
              {
                path: child(appRoutes.confirmEmail),
                lazy: page(() => import('../features/auth/confirm-email-page')),
              },
            ],
          },
          {
            loader: requireSessionLoader,
            lazy: page(() => import('./layouts/default-layout')),
            children: [
              { index: true, lazy: page(() => import('../features/home/home-page')) },
              {
                path: child(appRoutes.constructor),
                // The canvas's requests start beside the session check, not after the page's code
                // has loaded and rendered.
                loader: ({ request }: LoaderFunctionArgs) => {
                  prefetchCanvas(queryClient, new URL(request.url));
                  return null;
                },
                lazy: page(() => import('../features/constructor/constructor-page')),
              },
              {
                path: child(appRoutes.customAis),
                lazy: page(() => import('../features/custom-ai/custom-ai-list-page')),
              },
              {
                path: child(appRoutes.customAiChat),
                lazy: page(() => import('../features/custom-ai/custom-ai-chat-page')),
              },
              {
                path: child(appRoutes.database),
                lazy: page(() => import('../features/database/database-page')),
              },
              {
                path: child(appRoutes.projects),
                lazy: page(() => import('../features/projects/projects-page')),
              },
              {
                path: child(appRoutes.reqLogs),
                lazy: page(() => import('../features/req-logs/req-logs-page')),
              },
              {
                path: child(appRoutes.subscribe),
                lazy: page(() => import('../features/subscribe/subscribe-page')),
              },
              {
                path: child(appRoutes.settings),
                lazy: page(() => import('../features/settings/settings-page')),
              },
              ...[
                appRoutes.documentation,
                appRoutes.documentationGuide,
                appRoutes.documentationNode,
              ].map((path) => ({
                path: child(path),
                lazy: page(() => import('../features/documentation/documentation-page')),
              })),
            ],
          },
          // Unknown paths: "Page not found" for everyone, signed in or not (the server answers 404).
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
