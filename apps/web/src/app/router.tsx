// The routing table (product.md §2). Every page is loaded on demand so /en/login stays small.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { communityAreaRoutes } from './community-routes';
import { NotFoundView, RouteErrorView } from './error-view';
import { LoadingView } from './loading-view';
import { RootLayout } from './root-layout';
import { communityLoader, languageLoader, requireSession, rootLoader, signedOutOnly } from './route-guards';

export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteErrorView,
      HydrateFallback: LoadingView,
      children: [
        {
          ErrorBoundary: RouteErrorView,
          children: [
            { index: true, loader: rootLoader },
            {
              path: ':lang',
              loader: languageLoader,
              children: [
                {
                  lazy: () => import('./routes/auth-layout-route'),
                  children: [
                    { index: true, lazy: () => import('./routes/landing-route') },
                    { path: 'login', loader: signedOutOnly, lazy: () => import('./routes/login-route') },
                    {
                      path: 'register',
                      loader: signedOutOnly,
                      lazy: () => import('./routes/register-route'),
                    },
                    { path: 'reset', lazy: () => import('./routes/reset-route') },
                    { path: 'new-password', lazy: () => import('./routes/new-password-route') },
                    { path: 'profile', loader: requireSession, lazy: () => import('./routes/profile-route') },
                  ],
                },
                { path: 'confirm', lazy: () => import('./routes/confirm-route') },
                {
                  id: 'community',
                  path: ':community',
                  loader: communityLoader,
                  lazy: () => import('./routes/community-layout-route'),
                  children: [
                    { index: true, lazy: () => import('./routes/overview-route') },
                    ...communityAreaRoutes(),
                    { path: '*', Component: NotFoundView },
                  ],
                },
                { path: '*', Component: NotFoundView },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}
