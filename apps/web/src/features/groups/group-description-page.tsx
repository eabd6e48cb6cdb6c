// GroupDescription (/groups/{id}/GroupDescription): the rich-text description and the cover
// image (PNG or JPEG, refused at once otherwise, with upload progress and a preview).
import { commonMessages } from '@club/i18n/namespaces/common';
import { groupsMessages } from '@club/i18n/namespaces/groups';
import { isRichTextDoc, type RichTextDoc } from '@club/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes-guard';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { RichTextEditor } from '../../components/ui/rich-text/rich-text-editor';
import { storagePath } from '../../components/ui/rich-text/storage-url';
import { toast } from '../../components/ui/toast-store';
import { UploadField } from '../../components/upload/upload-field';
import { useT } from '../../lib/i18n';
import { describeGroupError } from './describe-group-error';
import { groupCoverAccept, groupCoverBucket, groupCoverUrl, uploadGroupCover } from './group-cover';
import { GroupFrame } from './group-frame';
import { groupKeys } from './group-keys';
import type { GroupRecord } from './group-records';
import { saveGroupDescription } from './save-group';

function DescriptionForm({ group, communityId }: { group: GroupRecord; communityId: string }) {
  const t = useT(groupsMessages);
  const tc = useT(commonMessages);
  const queryClient = useQueryClient();
  const initial = isRichTextDoc(group.description) ? group.description : null;
  const [description, setDescription] = useState<RichTextDoc | null>(initial);
  const [cover, setCover] = useState(group.cover_image_path ?? '');
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const savingRef = { current: saving };
  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        setSaving(true);
        setError(null);
        void saveGroupDescription(group.id, { description, cover_image_path: cover || null })
          .then(async () => {
            setDirty(false);
            await queryClient.invalidateQueries({ queryKey: groupKeys.all(communityId) });
            toast({ title: t('descriptionPage.saved', { title: group.title }) });
          })
          .catch((err: unknown) => setError(t(describeGroupError(err))))
          .finally(() => setSaving(false));
      }}
    >
      {error ? <Alert kind="error" title={error} /> : null}
      <Card aria-labelledby="group-description-label">
        <CardHeader id="group-description-label" title={t('descriptionPage.text')} />
        <CardBody>
          <RichTextEditor
            id="group-description"
            labelledBy="group-description-label"
            value={description}
            onChange={(doc) => {
              setDescription(doc);
              setDirty(true);
            }}
            uploadImage={async (file) =>
              storagePath(groupCoverBucket, await uploadGroupCover(communityId, file))
            }
          />
        </CardBody>
      </Card>
      <Card aria-labelledby="group-cover-label">
        <CardHeader
          id="group-cover-label"
          title={t('descriptionPage.cover')}
          description={t('descriptionPage.image.accepted')}
        />
        <CardBody>
          <UploadField
            id="group-cover"
            label={t('descriptionPage.cover')}
            accept={groupCoverAccept}
            value={cover}
            onChange={(path) => {
              setCover(path);
              setDirty(true);
            }}
            upload={(file, onProgress) => uploadGroupCover(communityId, file, onProgress)}
            previewUrl={groupCoverUrl}
            messages={{
              accepted: t('descriptionPage.image.accepted'),
              wrongType: t('descriptionPage.image.wrongType'),
              tooLarge: t('descriptionPage.image.tooLarge'),
              failed: t('descriptionPage.image.failed'),
              preview: t('descriptionPage.image.preview'),
              choose: t('descriptionPage.image.choose'),
              replace: t('descriptionPage.image.replace'),
              remove: t('descriptionPage.image.remove'),
            }}
          />
        </CardBody>
      </Card>
      <Button type="submit" disabled={saving}>
        {saving ? tc('actions.saving') : tc('actions.save')}
      </Button>
      <UnsavedChangesGuard when={dirty} what={group.title} saving={savingRef} />
    </form>
  );
}

export function GroupDescriptionPage({
  groupId,
  communityId,
  slug,
}: {
  groupId: string;
  communityId: string;
  slug: string;
}) {
  return (
    <GroupFrame communityId={communityId} slug={slug} groupId={groupId} screen="description">
      {(group) => <DescriptionForm group={group} communityId={communityId} />}
    </GroupFrame>
  );
}
