// The product editor (/booking/products/{id}, and /booking/products/new): loads the product
// and the editor's choices, then the form; saving goes back to the products list.
import { bookingMessages } from '@club/i18n/namespaces/booking';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ListLoadError } from '../../components/list/list-states';
import { Breadcrumbs } from '../../components/ui/breadcrumbs';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { bookingKeys } from './booking-keys';
import { FeedLinkCard } from './feed-link-card';
import { loadProduct, loadProductChoices } from './load-product';
import { ProductForm } from './product-form';

export function ProductEditorPage({
  communityId,
  slug,
  productId,
}: {
  communityId: string;
  slug: string;
  productId: string;
}) {
  const t = useT(bookingMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isNew = productId === 'new';
  const product = useQuery({
    queryKey: bookingKeys.product(communityId, productId),
    queryFn: () => (isNew ? Promise.resolve(null) : loadProduct(productId)),
  });
  const choices = useQuery({
    queryKey: bookingKeys.choices(communityId),
    queryFn: () => loadProductChoices(communityId),
  });
  const listHref = localePath(language, `${slug}/booking/products`);
  const title = isNew ? t('products.new') : (product.data?.product.name ?? t('products.title'));

  const breadcrumbs = (
    <Breadcrumbs
      slug={slug}
      links={[{ label: t('products.title'), path: 'booking/products' }]}
      current={title}
    />
  );
  if (product.isError || choices.isError)
    return <ListLoadError onRetry={() => void Promise.all([product.refetch(), choices.refetch()])} />;
  if (!isNew && product.isSuccess && product.data === null)
    return (
      <>
        <PageHeader title={t('products.notFound')} breadcrumbs={breadcrumbs} />
        <p className="text-sm">
          {t('products.notFoundBody')}{' '}
          <Link className="underline" to={listHref}>
            {t('products.backToList')}
          </Link>
        </p>
      </>
    );
  return (
    <>
      <PageHeader title={title} description={t('form.intro')} breadcrumbs={breadcrumbs} />
      {product.isPending || choices.isPending ? (
        <Skeleton className="h-96 w-full max-w-2xl" />
      ) : (
        <div className="space-y-8">
          <ProductForm
            communityId={communityId}
            doc={product.data ?? null}
            choices={choices.data}
            onSaved={async (_id, name) => {
              toast({ title: t('form.saved', { name }) });
              await queryClient.invalidateQueries({ queryKey: bookingKeys.all(communityId) });
              await navigate(listHref);
            }}
          />
          {product.data ? <FeedLinkCard target={{ productId: product.data.product.id }} /> : null}
        </div>
      )}
    </>
  );
}
