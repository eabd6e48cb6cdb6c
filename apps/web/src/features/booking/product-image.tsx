// A bookable product's image: PNG or JPEG up to 5 MB in the public product-images bucket under
// "<community id>/products/…", which only the community's booking admins may write (storage
// policies, app_private.may_write_image; decision 0905). The editor uploads, replaces and
// removes it (saved with the product); the list shows it beside the name.
import { bookingMessages } from '@club/i18n/namespaces/booking';
import { ImageIcon } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { UploadField } from '../../components/upload/upload-field';
import { useT } from '../../lib/i18n';
import { publicImageAccept, publicImageUrl, uploadPublicImage } from '../../lib/upload-with-progress';

const bucket = 'product-images';

export const productImageUrl = (path: string) => publicImageUrl(bucket, path);

/** The image field of the product editor (form field `imagePath`, '' for none). */
export function ProductImageField({ communityId }: { communityId: string }) {
  const t = useT(bookingMessages);
  const { watch, setValue } = useFormContext<{ imagePath: string }>();
  return (
    <div className="space-y-2">
      <label htmlFor="product-image" className="block text-sm font-medium">
        {t('form.image')}
      </label>
      <UploadField
        id="product-image"
        label={t('form.image')}
        accept={publicImageAccept}
        value={watch('imagePath')}
        onChange={(path) => setValue('imagePath', path, { shouldDirty: true })}
        upload={(file, onProgress) => uploadPublicImage(bucket, `${communityId}/products`, file, onProgress)}
        previewUrl={productImageUrl}
        messages={{
          accepted: t('form.imageAccepted'),
          wrongType: t('form.imageWrongType'),
          tooLarge: t('form.imageTooLarge'),
          failed: t('form.imageFailed'),
          preview: t('form.imagePreview'),
          choose: t('form.imageChoose'),
          replace: t('form.imageReplace'),
          remove: t('form.imageRemove'),
        }}
      />
    </div>
  );
}

/** The product's image in the list, or a plain placeholder of the same size. */
export function ProductThumbnail({ path }: { path: string | null }) {
  return path ? (
    <img
      src={productImageUrl(path)}
      alt=""
      data-testid="product-thumbnail"
      className="size-10 shrink-0 rounded object-cover"
    />
  ) : (
    <span
      aria-hidden="true"
      className="inline-flex size-10 shrink-0 items-center justify-center rounded bg-muted"
    >
      <ImageIcon className="size-5 opacity-60" />
    </span>
  );
}
