import { useParams, useRouteLoaderData } from 'react-router';
import { ProductEditorPage } from '../../features/booking/product-editor-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  const { id = 'new' } = useParams();
  return (
    <ProductEditorPage key={id} productId={id} communityId={data.membership.community_id} slug={data.slug} />
  );
}
