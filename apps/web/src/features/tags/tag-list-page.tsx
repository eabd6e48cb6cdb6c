// The tags list (/tags) on the kit's DataTable: each tag with how many members, groups and
// events carry it; search and sorting in the address; delete one tag, or select two and
// merge the second into the first, each confirmed with what changes.
import type { Translate } from '@club/i18n';
import { tagsMessages } from '@club/i18n/namespaces/tags';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Merge, Plus, Tags, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { useMemo, useState } from 'react';
import { DataTable, type ListColumn } from '../../components/list/data-table';
import { ListSearch } from '../../components/list/list-search';
import { useListState } from '../../components/list/use-list-state';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page-header';
import { toast } from '../../components/ui/toast-store';
import { useFormat, useT } from '../../lib/i18n';
import { loadAllTags, loadTagList, tagKeys, tagListSpec, type TagRow } from './load-tag-list';
import { deleteTag, mergeTags } from './save-tags';

type TagsMessages = NonNullable<(typeof tagsMessages)['tree']>;
type Pending = { kind: 'delete'; tag: TagRow } | { kind: 'merge'; source: TagRow; target: TagRow };

function describeTagError(error: unknown, t: Translate<TagsMessages>): string {
  const message = (error as { message?: string }).message ?? '';
  if (message === 'merge_into_itself') return t('errors.mergeIntoItself');
  if (message === 'tag_not_found') return t('errors.notFound');
  return t('errors.failed', { reason: message });
}

export function TagListPage({ communityId }: { communityId: string }) {
  const t = useT(tagsMessages);
  const format = useFormat();
  const queryClient = useQueryClient();
  const list = useListState(tagListSpec);
  const query = useQuery({
    queryKey: tagKeys.list(communityId, list.state),
    queryFn: () => loadTagList(list.state, communityId),
    placeholderData: keepPreviousData,
  });
  const [pending, setPending] = useState<Pending>();
  // "1 medlem", "2 medlemmer": each count with its own plural form.
  const counts = (tag: TagRow) => ({
    members: t('counts.members', { count: tag.member_count }),
    groups: t('counts.groups', { count: tag.group_count }),
    events: t('counts.events', { count: tag.event_count }),
  });

  const columns = useMemo<ListColumn<TagRow>[]>(
    () => [
      {
        id: 'name',
        header: t('list.columns.name'),
        sortable: true,
        hideable: false,
        csv: (tag) => tag.name,
        cell: (tag) => (
          <span className="inline-flex items-center gap-2 font-medium">
            <span
              aria-hidden="true"
              className="size-3 rounded-full border border-border"
              style={{ background: tag.color ?? 'transparent' }}
            />
            {tag.name}
          </span>
        ),
      },
      {
        id: 'member_count',
        header: t('list.columns.members'),
        sortable: true,
        align: 'right',
        csv: (tag) => tag.member_count,
        cell: (tag) => format.number(tag.member_count),
      },
      {
        id: 'group_count',
        header: t('list.columns.groups'),
        sortable: true,
        align: 'right',
        csv: (tag) => tag.group_count,
        cell: (tag) => format.number(tag.group_count),
      },
      {
        id: 'event_count',
        header: t('list.columns.events'),
        sortable: true,
        align: 'right',
        csv: (tag) => tag.event_count,
        cell: (tag) => format.number(tag.event_count),
      },
      {
        id: 'actions',
        header: t('list.columns.actions'),
        align: 'right',
        hideable: false,
        cell: (tag) => (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('delete.action', { name: tag.name })}
            onClick={(event) => {
              event.stopPropagation();
              setPending({ kind: 'delete', tag });
            }}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ),
      },
    ],
    [t, format],
  );

  const done = async (title: string) => {
    toast({ title });
    await queryClient.invalidateQueries({ queryKey: tagKeys.all(communityId) });
  };
  const run = async (action: () => Promise<void>, title: string) => {
    try {
      await action();
    } catch (error) {
      toast({ title: describeTagError(error, t), variant: 'destructive' });
      throw error;
    }
    await done(title);
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        action={
          <Button asChild>
            <Link to="create">
              <Plus aria-hidden="true" />
              {t('create.action')}
            </Link>
          </Button>
        }
      />
      <DataTable
        caption={t('list.caption')}
        list={list}
        query={query}
        columns={columns}
        getRowId={(tag) => tag.id}
        rowName={(tag) => tag.name}
        storageKey="tags"
        toolbar={
          <ListSearch
            value={list.state.search}
            onSearch={list.setSearch}
            label={t('list.search')}
            placeholder={t('list.searchPlaceholder')}
          />
        }
        countLabel={(total) => (total === 1 ? t('list.countOne') : t('list.count', { count: total }))}
        empty={{ icon: Tags, title: t('list.emptyTitle'), body: t('list.emptyBody') }}
        exportCsv={{ filename: 'tags', load: () => loadAllTags(list.state, communityId) }}
        bulkActions={(rows, clear) =>
          rows.length === 2 ? (
            <Button
              size="sm"
              onClick={() => {
                setPending({ kind: 'merge', target: rows[0]!, source: rows[1]! });
                clear();
              }}
            >
              <Merge aria-hidden="true" />
              {t('merge.action', { source: rows[1]!.name, target: rows[0]!.name })}
            </Button>
          ) : (
            <span className="text-sm text-muted-foreground">{t('merge.hint')}</span>
          )
        }
      />
      {pending?.kind === 'delete' ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setPending(undefined)}
          title={t('delete.title', { name: pending.tag.name })}
          description={t('delete.body', counts(pending.tag))}
          confirmLabel={t('delete.confirm')}
          onConfirm={() => run(() => deleteTag(pending.tag.id), t('delete.done', { name: pending.tag.name }))}
        />
      ) : null}
      {pending?.kind === 'merge' ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setPending(undefined)}
          title={t('merge.title', { source: pending.source.name, target: pending.target.name })}
          description={t('merge.body', {
            source: pending.source.name,
            target: pending.target.name,
            ...counts(pending.source),
          })}
          confirmLabel={t('merge.confirm')}
          onConfirm={() =>
            run(
              () => mergeTags(pending.source.id, pending.target.id),
              t('merge.done', { source: pending.source.name, target: pending.target.name }),
            )
          }
        />
      ) : null}
    </>
  );
}
