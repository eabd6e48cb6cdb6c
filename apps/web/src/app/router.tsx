// The routing table (product.md §2). Every page is loaded on demand so /en/login stays small.
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { communityAreaRoutes } from './community-routes';
import { NotFoundView, RouteErrorView, ShellNotFoundView } from '../components/ui/error-view';
import { LoadingView } from './loading-view';
import { memberEntryLoader } from './member-guards';
import { memberRoutes } from './member-routes';
import { RootLayout } from './root-layout';
import { communityLoader, languageLoader, requireSession, rootLoader, signedOutOnly } from './route-guards';

const queryLayout = () => import('./routes/query-layout-route');

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
            { path: 'm', loader: memberEntryLoader },
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
                    { path: 'setup', lazy: () => import('./routes/setup-route') },
                    {
                      lazy: queryLayout,
                      children: [
                        {
                          path: 'profile',
                          loader: requireSession,
                          lazy: () => import('./routes/profile-route'),
                        },
                      ],
                    },
                  ],
                },
                { path: 'confirm', lazy: () => import('./routes/confirm-route') },
                { path: 'm', lazy: queryLayout, children: memberRoutes() },
                {
                  lazy: queryLayout,
                  children: [
                    {
                      id: 'community',
                      path: ':community',
                      loader: communityLoader,
                      lazy: () => import('./routes/community-layout-route'),
                      children: [
                        { index: true, lazy: () => import('./routes/overview-route') },
                        ...communityAreaRoutes(),
                        { path: '*', Component: ShellNotFoundView },
                      ],
                    },
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

/** Starts loading the code of the routes a path matches, so the chunks arrive while the app
 * still reads its configuration and session instead of after them. */
export function preloadRouteModules(pathname: string): void {
  for (const match of matchRoutes(createRoutes(), pathname) ?? []) {
    const { lazy } = match.route;
    if (typeof lazy === 'function') void lazy().catch(() => undefined);
  }
}
