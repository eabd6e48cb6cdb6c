// GroupDetails (/groups/{id}/GroupDetails): title, owner (a member picker over the register),
// visibility and tags. An owner from another community is refused under the field.
import { commonMessages } from '@club/i18n/namespaces/common';
import { groupsMessages } from '@club/i18n/namespaces/groups';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { FieldShell, Form, FormErrorSummary, SelectField, TextField } from '../../components/form/form';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes-guard';
import { useAppForm } from '../../components/form/use-app-form';
import { Button } from '../../components/ui/button';
import { Card, CardBody } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { useT } from '../../lib/i18n';
import { GroupFrame } from './group-frame';
import { groupKeys } from './group-keys';
import { groupVisibilities, type GroupRecord, type MemberOption } from './group-records';
import { useDuplicateTitle } from './duplicate-title';
import { searchRegister } from './load-group';
import { loadCommunityTags } from './load-group-list';
import { saveGroupDetails } from './save-group';

const schema = z.object({
  title: z.string().trim().min(1).max(120),
  owner_member_id: z.string(),
  visibility: z.enum(['public', 'members', 'invite_only']),
  tag_ids: z.array(z.string()),
});

function OwnerPicker({
  communityId,
  value,
  valueName,
  onChange,
}: {
  communityId: string;
  value: string;
  valueName: string;
  onChange: (id: string, name: string) => void;
}) {
  const t = useT(groupsMessages);
  const [search, setSearch] = useState('');
  const results = useQuery({
    queryKey: groupKeys.register(communityId, search.trim()),
    queryFn: () => searchRegister(communityId, search),
    enabled: search.trim().length >= 2,
  });
  const options: MemberOption[] = results.data ?? [];
  return (
    <div className="space-y-2">
      <p className="text-sm">{value ? valueName : t('details.fields.ownerNone')}</p>
      <Input
        type="search"
        aria-label={t('details.fields.ownerSearch')}
        placeholder={t('members.addSearchPlaceholder')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {options.length ? (
        <ul className="max-h-48 divide-y divide-border overflow-y-auto rounded-md border border-border">
          {options.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                className="w-full px-3 py-1.5 text-left text-sm hover:bg-muted"
                onClick={() => {
                  onChange(m.id, m.full_name);
                  setSearch('');
                }}
              >
                {m.full_name}
                {m.email ? <span className="text-muted-foreground"> · {m.email}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {value ? (
        <Button type="button" size="sm" variant="ghost" onClick={() => onChange('', '')}>
          {t('details.fields.ownerNone')}
        </Button>
      ) : null}
    </div>
  );
}

function DetailsForm({ group, communityId }: { group: GroupRecord; communityId: string }) {
  const t = useT(groupsMessages);
  const tc = useT(commonMessages);
  const queryClient = useQueryClient();
  const tags = useQuery({
    queryKey: groupKeys.tags(communityId),
    queryFn: () => loadCommunityTags(communityId),
  });
  const [ownerName, setOwnerName] = useState(group.owner_name ?? '');
  const form = useAppForm({
    schema,
    defaultValues: {
      title: group.title,
      owner_member_id: group.owner_member_id ?? '',
      visibility: group.visibility,
      tag_ids: group.tag_ids,
    },
    serverErrors: {
      codes: { group_not_found: { message: 'errors.group_not_found' } },
      columns: { owner_member_id: 'owner_member_id' },
    },
  });
  // A new title another group already has is asked about once, as when creating one.
  const duplicate = useDuplicateTitle({
    communityId,
    typed: form.watch('title'),
    exceptId: group.id,
    screen: 'details',
  });
  return (
    <Form
      form={form}
      translate={(key) => t(key as never)}
      className="space-y-5"
      onSubmit={async (values) => {
        const renamed = values.title.trim().toLowerCase() !== group.title.trim().toLowerCase();
        if (renamed && !(await duplicate.mayUse(values.title))) return;
        await saveGroupDetails(
          communityId,
          group.id,
          { ...values, owner_member_id: values.owner_member_id || null },
          group.tag_ids,
        );
        await queryClient.invalidateQueries({ queryKey: groupKeys.all(communityId) });
        form.reset(values);
        toast({ title: t('details.saved', { title: values.title.trim() }) });
      }}
    >
      <FormErrorSummary />
      <TextField name="title" label={t('details.fields.title')} />
      {duplicate.notice}
      <Controller
        control={form.control}
        name="owner_member_id"
        render={({ field }) => (
          <FieldShell
            name="owner_member_id"
            label={t('details.fields.owner')}
            help={t('details.fields.ownerHelp')}
          >
            <div>
              <OwnerPicker
                communityId={communityId}
                value={field.value}
                valueName={ownerName}
                onChange={(id, name) => {
                  setOwnerName(name);
                  field.onChange(id);
                }}
              />
            </div>
          </FieldShell>
        )}
      />
      <SelectField
        name="visibility"
        label={t('details.fields.visibility')}
        help={t('details.fields.visibilityHelp')}
        options={groupVisibilities.map((v) => ({ value: v, label: t(`visibility.${v}`) }))}
      />
      <Controller
        control={form.control}
        name="tag_ids"
        render={({ field }) => (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{t('details.fields.tags')}</legend>
            <div className="flex flex-wrap gap-3">
              {(tags.data ?? []).map((tag) => (
                <label key={tag.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-accent"
                    checked={field.value.includes(tag.id)}
                    onChange={(e) =>
                      field.onChange(
                        e.target.checked
                          ? [...field.value, tag.id]
                          : field.value.filter((id) => id !== tag.id),
                      )
                    }
                  />
                  {tag.name}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {duplicate.warned ? t('details.saveAnyway') : tc('actions.save')}
      </Button>
      <UnsavedChangesGuard when={form.formState.isDirty} what={group.title} saving={form.saving} />
    </Form>
  );
}

export function GroupDetailsPage({
  groupId,
  communityId,
  slug,
}: {
  groupId: string;
  communityId: string;
  slug: string;
}) {
  return (
    <GroupFrame communityId={communityId} slug={slug} groupId={groupId} screen="details">
      {(group) => (
        <Card>
          <CardBody>
            <DetailsForm group={group} communityId={communityId} />
          </CardBody>
        </Card>
      )}
    </GroupFrame>
  );
}
