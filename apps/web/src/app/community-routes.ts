// Every community area route of product.md §2, under /{lang}/{community}. Areas whose screens
// come later render the area's empty state; a feature replaces its entries' `lazy` when it lands.
import type { RouteObject } from 'react-router';
import { ShellRouteErrorView } from '../components/ui/error-view';
import type { CommunityArea } from '../lib/areas';
import { areaLoader } from './route-guards';

const areaPaths: [CommunityArea, string[]][] = [
  ['events', ['events', 'events/new', 'events/:id', 'events/:id/edit', 'events/:id/door']],
  [
    'billing',
    [
      'billing',
      'billing/plans',
      'billing/plans/new',
      'billing/plans/:id',
      'billing/terms',
      'billing/accounts',
      'billing/accounts/new',
      'billing/accounts/:id',
      'billing/invoices',
      'billing/credit',
    ],
  ],
  ['settings', ['settings']],
  ['analytics', ['analytics']],
  ['clubs', ['clubs', 'clubs/:id']],
  ['knowledge-base', ['knowledge-base', 'knowledge-base/new', 'knowledge-base/:id']],
  ['news', ['news', 'news/new', 'news/:id', 'news/:id/edit']],
  ['tags', ['tags', 'tags/create']],
  ['booking', ['booking', 'booking/:id', 'booking/products', 'booking/products/new', 'booking/products/:id']],
  [
    'groups',
    [
      'groups',
      'groups/:id',
      'groups/:id/GroupPrice',
      'groups/:id/GroupDetails',
      'groups/:id/GroupSettings',
      'groups/:id/GroupDescription',
    ],
  ],
  ['orders', ['orders']],
  [
    'members',
    ['members', 'members/lookup', 'members/new', 'members/import', 'members/:id', 'members/:id/profile'],
  ],
];

export interface AreaHandle {
  area: CommunityArea;
}

// Areas whose screens have landed: path → route module.
const areaScreens: Record<string, RouteObject['lazy']> = {
  events: () => import('./routes/events-list-route'),
  'events/new': () => import('./routes/events-edit-route'),
  'events/:id': () => import('./routes/events-detail-route'),
  'events/:id/edit': () => import('./routes/events-edit-route'),
  'events/:id/door': () => import('./routes/events-door-route'),
  news: () => import('./routes/news-list-route'),
  'news/new': () => import('./routes/news-edit-route'),
  'news/:id': () => import('./routes/news-post-route'),
  'news/:id/edit': () => import('./routes/news-edit-route'),
  orders: () => import('./routes/orders-route'),
  booking: () => import('./routes/booking-route'),
  'booking/:id': () => import('./routes/booking-detail-route'),
  'booking/products': () => import('./routes/booking-products-route'),
  'booking/products/new': () => import('./routes/booking-product-route'),
  'booking/products/:id': () => import('./routes/booking-product-route'),
  billing: () => import('./routes/billing-home-route'),
  'billing/invoices': () => import('./routes/billing-invoices-route'),
  'billing/credit': () => import('./routes/billing-credit-route'),
  'billing/terms': () => import('./routes/billing-terms-route'),
  'billing/plans': () => import('./routes/billing-plans-route'),
  'billing/plans/new': () => import('./routes/billing-plan-route'),
  'billing/plans/:id': () => import('./routes/billing-plan-route'),
  'billing/accounts': () => import('./routes/billing-accounts-route'),
  'billing/accounts/new': () => import('./routes/billing-account-route'),
  'billing/accounts/:id': () => import('./routes/billing-account-route'),
  tags: () => import('./routes/tags-list-route'),
  'tags/create': () => import('./routes/tags-create-route'),
  analytics: () => import('./routes/analytics-route'),
  clubs: () => import('./routes/clubs-list-route'),
  'clubs/:id': () => import('./routes/clubs-detail-route'),
  'knowledge-base': () => import('./routes/knowledge-base-route'),
  'knowledge-base/new': () => import('./routes/knowledge-base-article-route'),
  'knowledge-base/:id': () => import('./routes/knowledge-base-article-route'),
  settings: () => import('./routes/settings-route'),
  members: () => import('./routes/members-list-route'),
  'members/lookup': () => import('./routes/members-lookup-route'),
  'members/new': () => import('./routes/members-profile-route'),
  'members/import': () => import('./routes/members-import-route'),
  'members/:id': () => import('./routes/members-detail-route'),
  'members/:id/profile': () => import('./routes/members-profile-route'),
  groups: () => import('./routes/groups-list-route'),
  'groups/:id': () => import('./routes/groups-detail-route'),
  'groups/:id/GroupDetails': () => import('./routes/groups-details-route'),
  'groups/:id/GroupDescription': () => import('./routes/groups-description-route'),
  'groups/:id/GroupPrice': () => import('./routes/groups-price-route'),
  'groups/:id/GroupSettings': () => import('./routes/groups-settings-route'),
};

/** Area paths still without screens of their own (they show the area's placeholder). */
export function pathsWithoutScreens(): string[] {
  return areaPaths.flatMap(([, paths]) => paths.filter((path) => !areaScreens[path]));
}

export function communityAreaRoutes(): RouteObject[] {
  return areaPaths.flatMap(([area, paths]) =>
    paths.map((path): RouteObject => ({
      path,
      handle: { area } satisfies AreaHandle,
      loader: areaLoader(area),
      ErrorBoundary: ShellRouteErrorView,
      lazy: areaScreens[path] ?? (() => import('./routes/area-route')),
    })),
  );
}
