// The billing area's own navigation (overview, invoices, accounts, plans, terms, volunteer credit) under every
// billing page's header, and the paths inside the area.
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { NavLink, useParams } from 'react-router';
import { cn } from '../../lib/class-names';
import { localePath, useLanguage, useT } from '../../lib/i18n';

/** A path inside the billing area of the current community, e.g. path('invoices?status=overdue'). */
export function useBillingPath() {
  const { community = '' } = useParams();
  const language = useLanguage();
  return (rest = '') => localePath(language, `${community}/billing${rest ? `/${rest}` : ''}`);
}

const sections = ['', 'invoices', 'accounts', 'plans', 'terms', 'credit'] as const;

export function BillingNav() {
  const t = useT(billingSetupMessages);
  const billingPath = useBillingPath();
  return (
    <nav aria-label={t('nav.label')} className="-mt-2 mb-6 overflow-x-auto border-b border-border">
      <ul className="flex gap-1 text-sm">
        {sections.map((section) => (
          <li key={section}>
            <NavLink
              to={billingPath(section)}
              end
              className={({ isActive }) =>
                cn(
                  'inline-block border-b-2 px-3 py-2 whitespace-nowrap',
                  isActive
                    ? 'border-accent font-medium text-foreground'
                    : 'border-transparent text-muted-foreground hover:text-foreground',
                )
              }
            >
              {t(`nav.${section || 'overview'}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
