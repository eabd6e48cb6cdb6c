// The member app's routes under /{lang}/m/{community} (decision 1030). Each screen loads on demand.
import type { RouteObject } from 'react-router';
import { ShellNotFoundView } from '../components/ui/error-view';
import { memberCommunityLoader, memberIndexLoader } from './member-guards';
import { assertRecordIds } from './route-guards';

const checkIds = (args: Parameters<typeof assertRecordIds>[0]) => {
  assertRecordIds(args);
  return null;
};

export function memberRoutes(): RouteObject[] {
  return [
    { index: true, loader: memberIndexLoader, lazy: () => import('./routes/member-none-route') },
    {
      id: 'member-community',
      path: ':community',
      loader: memberCommunityLoader,
      lazy: () => import('./routes/member-layout-route'),
      children: [
        { index: true, lazy: () => import('./routes/member-home-route') },
        { path: 'news', lazy: () => import('./routes/member-news-route') },
        {
          path: 'news/:id',
          loader: ({ params }) => checkIds(params),
          lazy: () => import('./routes/member-post-route'),
        },
        { path: 'events', lazy: () => import('./routes/member-events-route') },
        {
          path: 'events/:id',
          loader: ({ params }) => checkIds(params),
          lazy: () => import('./routes/member-event-route'),
        },
        { path: 'shifts', lazy: () => import('./routes/member-shifts-route') },
        { path: 'groups', lazy: () => import('./routes/member-groups-route') },
        { path: 'articles', lazy: () => import('./routes/member-articles-route') },
        { path: 'articles/:slug', lazy: () => import('./routes/member-article-route') },
        { path: 'me', lazy: () => import('./routes/member-me-route') },
        { path: '*', Component: ShellNotFoundView },
      ],
    },
  ];
}
