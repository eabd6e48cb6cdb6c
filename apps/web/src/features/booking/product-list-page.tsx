// The bookable products (/booking/products) on the kit's DataTable: name, capacity, how it
// is booked and its price; search and sorting in the address; delete with a confirmation
// naming the product and how many future bookings will be cancelled (decision 0901).
import { bookingMessages } from '@club/i18n/namespaces/booking';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarRange, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type ListColumn } from '../../components/list/data-table';
import { ListSearch } from '../../components/list/list-search';
import { useListState } from '../../components/list/use-list-state';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page-header';
import { toast } from '../../components/ui/toast-store';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { bookingKeys } from './booking-keys';
import type { ProductRow } from './booking-records';
import { bookingErrorCode } from './describe-booking-error';
import { countFutureBookings, loadAllProducts, loadProductList, productListSpec } from './load-product-list';
import { deleteProduct } from './save-product';
import { ProductThumbnail } from './product-image';

export function ProductListPage({ communityId, slug }: { communityId: string; slug: string }) {
  const t = useT(bookingMessages);
  const format = useFormat();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const list = useListState(productListSpec);
  const query = useQuery({
    queryKey: bookingKeys.products(communityId, list.state),
    queryFn: () => loadProductList(list.state, communityId),
    placeholderData: keepPreviousData,
  });
  const [pending, setPending] = useState<{ product: ProductRow; future: number }>();
  const href = (path: string) => localePath(language, `${slug}/booking/${path}`);
  const price = (p: ProductRow) =>
    p.price_mode === 'none'
      ? t('price.none')
      : t(`price.${p.price_mode}Amount`, { amount: format.money(p.price_ore) });

  const columns = useMemo<ListColumn<ProductRow>[]>(
    () => [
      {
        id: 'name',
        header: t('products.columns.name'),
        sortable: true,
        hideable: false,
        csv: (p) => p.name,
        cell: (p) => (
          <span className="flex items-center gap-3">
            <ProductThumbnail path={p.image_path} />
            <Link className="font-medium underline-offset-4 hover:underline" to={href(`products/${p.id}`)}>
              {p.name}
            </Link>
          </span>
        ),
      },
      {
        id: 'capacity',
        header: t('products.columns.capacity'),
        sortable: true,
        align: 'right',
        csv: (p) => p.capacity,
        cell: (p) => format.number(p.capacity),
      },
      {
        id: 'availability',
        header: t('products.columns.availability'),
        csv: (p) => t(`availability.${p.availability}`),
        cell: (p) => t(`availability.${p.availability}`),
      },
      { id: 'price', header: t('products.columns.price'), csv: price, cell: price },
      {
        id: 'actions',
        header: t('products.columns.actions'),
        align: 'right',
        hideable: false,
        cell: (p) => (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('products.delete.action', { name: p.name })}
            onClick={async () => {
              try {
                setPending({ product: p, future: await countFutureBookings(p.id) });
              } catch {
                toast({ variant: 'destructive', title: t('errors.failed') });
              }
            }}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ),
      },
    ],
    [t, format, language, slug],
  );

  return (
    <>
      <PageHeader
        title={t('products.title')}
        description={t('products.description')}
        action={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="secondary">
              <Link to={href('')}>
                <CalendarRange aria-hidden="true" />
                {t('calendar.title')}
              </Link>
            </Button>
            <Button asChild>
              <Link to={href('products/new')}>
                <Plus aria-hidden="true" />
                {t('products.new')}
              </Link>
            </Button>
          </div>
        }
      />
      <DataTable
        caption={t('products.caption')}
        list={list}
        query={query}
        columns={columns}
        getRowId={(p) => p.id}
        rowName={(p) => p.name}
        storageKey="booking-products"
        toolbar={
          <ListSearch
            value={list.state.search}
            onSearch={list.setSearch}
            label={t('products.search')}
            placeholder={t('products.searchPlaceholder')}
          />
        }
        countLabel={(total) => t('products.count', { count: total })}
        empty={{ icon: CalendarRange, title: t('products.emptyTitle'), body: t('products.emptyBody') }}
        exportCsv={{ filename: 'booking-products', load: () => loadAllProducts(list.state, communityId) }}
      />
      {pending ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setPending(undefined))}
          title={t('products.delete.title', { name: pending.product.name })}
          description={
            pending.future === 0
              ? t('products.delete.bodyNone')
              : t('products.delete.body', { count: pending.future })
          }
          confirmLabel={t('products.delete.confirm')}
          onConfirm={async () => {
            try {
              const cancelled = await deleteProduct(pending.product.id);
              toast({ title: t('products.delete.done', { name: pending.product.name, count: cancelled }) });
              await queryClient.invalidateQueries({ queryKey: bookingKeys.all(communityId) });
            } catch (error) {
              toast({ variant: 'destructive', title: t(`errors.${bookingErrorCode(error)}`) });
              throw error;
            }
          }}
        />
      ) : null}
    </>
  );
}
