// The event editor (creation at /events/new, editing at /events/{id}/edit): every section of
// the event, validated in the user's language before anything is saved, written in one
// transaction by save_event, and published now, later or kept as a draft.
import { commonMessages } from '@club/i18n/namespaces/common';
import { eventsMessages } from '@club/i18n/namespaces/events';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { describeEventError } from './describe-event-error';
import { EditorAddonsSection } from './editor-addons-section';
import { EditorBasicsSection } from './editor-basics-section';
import { EditorImageField } from './editor-image-field';
import { EditorInvitationsSection } from './editor-invitations-section';
import { EditorJobsSection } from './editor-jobs-section';
import { defaultChoice, EditorPublishSection } from './editor-publish-section';
import { EditorScheduleSection } from './editor-schedule-section';
import { EditorTicketsSection } from './editor-tickets-section';
import { EventBreadcrumbs } from './event-breadcrumbs';
import { CancelEventButton } from './cancel-event-button';
import { isSeriesDate, SeriesScopeChoice, type SeriesScope } from './series-scope-choice';
import { documentFromDraft, draftFromEvent, emptyDraft, nextStatus, type EventDraft } from './event-draft';
import type { EventRecord } from './event-records';
import { loadEvent } from './load-event';
import { loadMemberNames } from './load-invitees';
import { saveEvent } from './save-event';
import { eventKeys } from './use-event-community';
import { useCommunityTimeZone } from '../../lib/community-time-zone';
import { useEditorForm } from './use-editor-form';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes-guard';
import { zonedInputToIso } from '../../lib/zoned-time';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { NotFoundView } from '../../components/ui/error-view';
import { NotFoundError } from '../../lib/request-errors';

async function loadForEditing(
  id: string,
  timeZone: string,
): Promise<{ event: EventRecord; draft: EventDraft }> {
  const event = await loadEvent(id);
  const names = await loadMemberNames(
    event.event_invitations.flatMap((i) => (i.member_id ? [i.member_id] : [])),
  );
  return { event, draft: draftFromEvent(event, timeZone, names) };
}

export function EventEditorPage({
  eventId,
  communityId,
  slug,
}: {
  eventId?: string;
  communityId: string;
  slug: string;
}) {
  const t = useT(eventsMessages);
  const tc = useT(commonMessages);
  const timeZone = useCommunityTimeZone(communityId);
  const existing = useQuery({
    queryKey: [...eventKeys.detail(communityId, eventId ?? 'new'), 'editing'],
    queryFn: () => loadForEditing(eventId!, timeZone!),
    enabled: eventId !== undefined && timeZone !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  if (existing.error instanceof NotFoundError) return <NotFoundView embedded />;
  if (!timeZone || (eventId && !existing.data)) {
    return (
      <>
        <PageHeader title={eventId ? t('editor.editTitle') : t('editor.createTitle')} />
        {existing.isError ? (
          <Alert kind="error" title={t('editor.loadError')}>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void existing.refetch()}>
              {tc('actions.retry')}
            </Button>
          </Alert>
        ) : (
          <div className="space-y-4" aria-busy="true" aria-label={tc('loading')}>
            <Skeleton className="h-64 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        )}
      </>
    );
  }
  return (
    <EventEditorForm
      event={existing.data?.event}
      initial={existing.data?.draft ?? emptyDraft()}
      communityId={communityId}
      slug={slug}
      timeZone={timeZone}
    />
  );
}

function EventEditorForm({
  event,
  initial,
  communityId,
  slug,
  timeZone,
}: {
  event?: EventRecord;
  initial: EventDraft;
  communityId: string;
  slug: string;
  timeZone: string;
}) {
  const t = useT(eventsMessages);
  const tc = useT(commonMessages);
  const language = useLanguage();
  const format = useFormat(timeZone);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useEditorForm(initial, defaultChoice(event?.status));
  const { draft, choice, setChoice, change, error, touch } = form;
  const [serverError, setServerError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const sectionProps = { draft, change, error, touch };

  const [scopeOpen, setScopeOpen] = useState(false);
  const [scope, setScope] = useState<SeriesScope>('this');
  const submit = form.submit(async () => {
    setServerError(undefined);
    // A date of a series asks first which dates the changes are for.
    if (event && isSeriesDate(event)) setScopeOpen(true);
    else await persist('this');
  });

  const persist = async (scope: SeriesScope) => {
    const status = nextStatus(event?.status, choice);
    setSaving(true);
    form.saving.current = true;
    try {
      const id = await saveEvent(
        documentFromDraft(draft, { id: event?.id, communityId, timeZone, status }),
        scope,
      );
      await queryClient.invalidateQueries({ queryKey: eventKeys.all(communityId) });
      const release = zonedInputToIso(draft.releaseAt, timeZone);
      toast({
        title:
          status === 'scheduled' && release
            ? t('editor.scheduled', { when: format.dateTime(release) })
            : status === 'published' && event?.status !== 'published'
              ? t('editor.published')
              : status === 'draft'
                ? t('editor.draftSaved')
                : t('editor.saved'),
      });
      void navigate(localePath(language, `${slug}/events/${id}`));
    } catch (failure) {
      const message = t(describeEventError(failure));
      setServerError(message);
      toast({ variant: 'destructive', title: message });
    } finally {
      form.saving.current = false;
      setSaving(false);
    }
  };

  const submitLabel = saving
    ? t('editor.saving')
    : t(`editor.publishing.${choice === 'keep' ? 'save' : choice}`);
  const backPath = localePath(language, event ? `${slug}/events/${event.id}` : `${slug}/events`);
  return (
    <>
      <PageHeader
        title={event ? t('editor.editTitle') : t('editor.createTitle')}
        description={event ? event.title : t('editor.createDescription')}
        breadcrumbs={
          <EventBreadcrumbs
            slug={slug}
            trail={event ? [{ label: event.title, path: `events/${event.id}` }] : []}
            current={event ? t('editor.editTitle') : t('editor.createTitle')}
          />
        }
      />
      <UnsavedChangesGuard
        when={form.isDirty}
        what={draft.title.trim() || t('editor.createTitle')}
        saving={form.saving}
      />
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-6">
        {serverError ? <Alert kind="error">{serverError}</Alert> : null}
        {form.hasErrors ? <Alert kind="error">{t('editor.fixErrors')}</Alert> : null}
        <EditorBasicsSection {...sectionProps} communityId={communityId} />
        <EditorScheduleSection {...sectionProps} timeZone={timeZone} />
        <EditorImageField draft={draft} change={change} communityId={communityId} />
        <EditorTicketsSection {...sectionProps} />
        <EditorAddonsSection {...sectionProps} />
        <EditorJobsSection {...sectionProps} />
        <EditorInvitationsSection draft={draft} change={change} communityId={communityId} />
        <EditorPublishSection {...sectionProps} status={event?.status} choice={choice} onChoice={setChoice} />
        <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center justify-end gap-2 border-t border-border bg-background/95 px-4 py-3 backdrop-blur">
          {event && event.status !== 'cancelled' ? (
            <CancelEventButton
              event={event}
              communityId={communityId}
              className="mr-auto"
              onCancelled={() => void navigate(backPath)}
            />
          ) : null}
          <Button variant="secondary" asChild>
            <Link to={backPath}>{t('editor.discard')}</Link>
          </Button>
          <Button type="submit" disabled={saving} aria-live="polite">
            {saving ? tc('actions.saving') : submitLabel}
          </Button>
          {event ? (
            <ConfirmDialog
              open={scopeOpen}
              onOpenChange={setScopeOpen}
              title={t('series.saveTitle', { title: event.title })}
              description={t('series.saveBody')}
              confirmLabel={t('series.saveConfirm')}
              destructive={false}
              onConfirm={() => persist(scope)}
            >
              <SeriesScopeChoice value={scope} onChange={setScope} legend={t('series.saveWhich')} />
            </ConfirmDialog>
          ) : null}
        </div>
      </form>
    </>
  );
}
