// The door (/events/{id}/door, decision 1070): scan a ticket's QR code with the camera or type
// its code, see the verdict at once in large type, find a participant by name when a phone has
// no code, and keep working offline from the list downloaded beforehand; the scans made offline
// are sent when the connection is back and a ticket let in twice is named.
import { eventsMessages } from '@club/i18n/namespaces/events';
import { useQuery } from '@tanstack/react-query';
import { Camera, CameraOff, CloudOff, Download, RefreshCw, Undo2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { toast } from '../../components/ui/toast-store';
import { cn } from '../../lib/class-names';
import { useCommunityTimeZone } from '../../lib/community-time-zone';
import { useFormat, useT } from '../../lib/i18n';
import { supabase } from '../../lib/supabase';
import { DoorCamera, type CameraState } from './door-camera';
import {
  codeHash,
  decideOffline,
  isOffline,
  readDoor,
  remember,
  writeDoor,
  type DoorEntry,
  type DoorMemory,
  type DoorVerdict,
  type QueuedScan,
} from './door-offline';
import { EventBreadcrumbs } from './event-breadcrumbs';
import { loadEvent } from './load-event';
import { eventKeys } from './use-event-community';

const good = new Set(['admitted']);
const warn = new Set(['already_used']);

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

export function DoorCheckInPage({
  eventId,
  communityId,
  slug,
}: {
  eventId: string;
  communityId: string;
  slug: string;
}) {
  const t = useT(eventsMessages);
  const timeZone = useCommunityTimeZone(communityId);
  const format = useFormat(timeZone);
  const online = useOnline();
  const event = useQuery({
    queryKey: eventKeys.detail(communityId, eventId),
    queryFn: () => loadEvent(eventId),
  });
  const [memory, setMemory] = useState<DoorMemory>(() => readDoor(eventId));
  const [verdict, setVerdict] = useState<{ v: DoorVerdict; offline: boolean } | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [camera, setCamera] = useState(false);
  const [cameraState, setCameraState] = useState<CameraState | null>(null);
  const [search, setSearch] = useState('');
  const [conflicts, setConflicts] = useState<DoorVerdict[]>([]);

  const save = useCallback(
    (next: DoorMemory | ((m: DoorMemory) => DoorMemory)) =>
      setMemory((m) => {
        const value = typeof next === 'function' ? next(m) : next;
        writeDoor(eventId, value);
        return value;
      }),
    [eventId],
  );

  const download = useCallback(
    async (announce: boolean) => {
      const { data, error } = await supabase().rpc('door_list', {
        p_community_id: communityId,
        p_event_id: eventId,
      });
      if (error) {
        if (announce) toast({ variant: 'destructive', title: t('door.list.failed') });
        return;
      }
      save((m) => ({ ...m, list: (data ?? []) as DoorEntry[], fetchedAt: new Date().toISOString() }));
      if (announce) toast({ title: t('door.list.downloaded') });
    },
    [communityId, eventId, save, t],
  );

  const sync = useCallback(async () => {
    const queue = readDoor(eventId).queue;
    if (queue.length === 0) return;
    const { data, error } = await supabase().rpc('sync_door_scans', {
      p_community_id: communityId,
      p_event_id: eventId,
      p_scans: queue as unknown as never,
    });
    if (error) {
      toast({ variant: 'destructive', title: t('door.queue.failed') });
      return;
    }
    const answers = (data ?? []) as unknown as DoorVerdict[];
    save((m) => ({ ...answers.reduce(remember, m), queue: m.queue.slice(queue.length) }));
    setConflicts((c) => [...c, ...answers.filter((a) => a.conflict)]);
    toast({ title: t('door.queue.synced', { count: queue.length }) });
    await download(false);
  }, [communityId, eventId, save, download, t]);

  // Download the list on opening, and send what waits whenever the connection comes back.
  useEffect(() => {
    if (!online) return;
    void (async () => {
      await sync();
      await download(false);
    })();
  }, [online, sync, download]);

  const offlineDecide = async (scan: Omit<QueuedScan, 'shown'>) => {
    const current = readDoor(eventId);
    const hash = scan.code ? await codeHash(scan.code) : null;
    const entry = current.list.find((e) =>
      hash ? e.code_hash === hash : e.purchase_id === scan.purchase_id,
    );
    const { memory: next, verdict: v } = decideOffline(current, entry, scan);
    save(next);
    setVerdict({ v, offline: true });
  };

  const check = async (scan: { code?: string; purchase_id?: string }) => {
    setBusy(true);
    const scanned_at = new Date().toISOString();
    try {
      if (!navigator.onLine) return await offlineDecide({ ...scan, scanned_at });
      const { data, error } = scan.code
        ? await supabase().rpc('admit_ticket', {
            p_community_id: communityId,
            p_event_id: eventId,
            p_code: scan.code,
          })
        : await supabase().rpc('admit_purchase', {
            p_community_id: communityId,
            p_event_id: eventId,
            p_purchase_id: scan.purchase_id!,
          });
      if (error) {
        if (isOffline(error)) return await offlineDecide({ ...scan, scanned_at });
        toast({ variant: 'destructive', title: t('door.error') });
        return;
      }
      const v = data as unknown as DoorVerdict;
      save((m) => remember(m, v));
      setVerdict({ v, offline: false });
    } catch (error) {
      if (isOffline(error)) await offlineDecide({ ...scan, scanned_at });
      else toast({ variant: 'destructive', title: t('door.error') });
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) return;
    setCode('');
    void check({ code: value });
  };

  const undo = async (purchaseId: string) => {
    const { error } = await supabase().rpc('undo_admission', {
      p_community_id: communityId,
      p_purchase_id: purchaseId,
    });
    if (error) {
      toast({ variant: 'destructive', title: t('door.error') });
      return;
    }
    save((m) => ({
      ...m,
      list: m.list.map((e) => (e.purchase_id === purchaseId ? { ...e, checked_in_at: null } : e)),
    }));
    setVerdict(null);
    toast({ title: t('door.undone') });
  };

  const matches = useMemo(() => {
    const q = search.trim().toLocaleLowerCase();
    if (!q) return [];
    return memory.list.filter((e) => (e.name ?? '').toLocaleLowerCase().includes(q)).slice(0, 20);
  }, [memory.list, search]);
  const active = memory.list.filter((e) => e.state === 'active');
  const checked = active.filter((e) => e.checked_in_at).length;
  const title = event.data?.title ?? '…';

  return (
    <>
      <PageHeader
        title={t('door.title')}
        description={title}
        breadcrumbs={
          <EventBreadcrumbs
            slug={slug}
            trail={[{ label: title, path: `events/${eventId}` }]}
            current={t('door.breadcrumb')}
          />
        }
      />
      <div className="mx-auto max-w-xl space-y-4">
        <p
          role="status"
          className={cn(
            'flex items-center gap-2 rounded-md border px-3 py-2 text-sm',
            online
              ? 'border-border text-muted-foreground'
              : 'border-destructive/40 bg-destructive/10 text-foreground',
          )}
        >
          {online ? null : <CloudOff aria-hidden="true" className="size-4" />}
          {online ? t('door.status.online') : t('door.status.offline')}
          {active.length > 0 ? (
            <span className="ml-auto tabular-nums">
              {t('door.checkedInCount', { checked, total: active.length })}
            </span>
          ) : null}
        </p>

        <section aria-live="assertive" aria-atomic="true">
          {verdict ? (
            <VerdictCard verdict={verdict} format={format} onUndo={(id) => void undo(id)} online={online} />
          ) : null}
        </section>

        <Card aria-labelledby="door-scan">
          <CardHeader id="door-scan" title={t('door.scan')} />
          <CardBody className="space-y-4">
            {camera ? (
              <DoorCamera
                label={t('door.camera')}
                onCode={(c) => void check({ code: c })}
                onState={setCameraState}
              />
            ) : null}
            {camera && cameraState === 'starting' ? (
              <p className="text-sm text-muted-foreground">{t('door.cameraStarting')}</p>
            ) : null}
            {camera && cameraState === 'denied' ? <Alert kind="error">{t('door.cameraDenied')}</Alert> : null}
            {camera && cameraState === 'unavailable' ? (
              <Alert kind="info">{t('door.cameraUnavailable')}</Alert>
            ) : null}
            <Button
              variant={camera ? 'secondary' : 'primary'}
              className="w-full"
              onClick={() => setCamera((c) => !c)}
            >
              {camera ? <CameraOff aria-hidden="true" /> : <Camera aria-hidden="true" />}
              {camera ? t('door.cameraStop') : t('door.cameraStart')}
            </Button>
            <form onSubmit={submit} className="space-y-2">
              <FormField label={t('door.manual')} help={t('door.manualHelp')}>
                <Input
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  inputMode="text"
                  className="font-mono"
                />
              </FormField>
              <Button type="submit" variant="secondary" className="w-full" disabled={busy || !code.trim()}>
                {busy ? t('door.checking') : t('door.check')}
              </Button>
            </form>
          </CardBody>
        </Card>

        <Card aria-labelledby="door-search">
          <CardHeader id="door-search" title={t('door.search')} />
          <CardBody className="space-y-3">
            <Input
              type="search"
              aria-labelledby="door-search"
              placeholder={t('door.searchPlaceholder')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            {search.trim() && matches.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('door.searchNone')}</p>
            ) : null}
            <ul className="divide-y divide-border">
              {matches.map((e) => (
                <li key={e.purchase_id} className="flex items-center gap-3 py-2">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{e.name}</p>
                    <p className="text-sm text-muted-foreground">
                      {e.ticket_name} · {t('door.persons', { count: e.quantity })}
                      {e.state !== 'active'
                        ? ` · ${t(`door.verdict.${e.state === 'unpaid' ? 'unpaid' : 'refunded'}`)}`
                        : ''}
                    </p>
                  </div>
                  {e.checked_in_at ? (
                    <span className="text-sm text-muted-foreground">
                      {t('door.admittedAt', { time: format.time(e.checked_in_at) })}
                    </span>
                  ) : (
                    <Button
                      size="sm"
                      disabled={busy}
                      aria-label={t('door.admit', { name: e.name ?? '' })}
                      onClick={() => void check({ purchase_id: e.purchase_id })}
                    >
                      {t('door.admitShort')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </CardBody>
        </Card>

        <Card aria-labelledby="door-list">
          <CardHeader id="door-list" title={t('door.list.title')} />
          <CardBody className="space-y-3 text-sm">
            <p className="text-muted-foreground">
              {memory.fetchedAt
                ? t('door.list.count', { count: memory.list.length, time: format.time(memory.fetchedAt) })
                : t('door.list.none')}
            </p>
            {memory.queue.length > 0 ? (
              <div className="flex flex-wrap items-center gap-2">
                <span>{t('door.queue.waiting', { count: memory.queue.length })}</span>
                <Button size="sm" variant="secondary" disabled={!online} onClick={() => void sync()}>
                  <RefreshCw aria-hidden="true" />
                  {t('door.queue.sync')}
                </Button>
              </div>
            ) : null}
            {conflicts.length > 0 ? (
              <Alert kind="error" title={t('door.queue.conflicts')}>
                <ul>
                  {conflicts.map((c, i) => (
                    <li key={i}>
                      {t('door.queue.conflict', {
                        name: c.name ?? '',
                        time: c.checked_in_at ? format.time(c.checked_in_at) : '',
                      })}
                    </li>
                  ))}
                </ul>
              </Alert>
            ) : null}
            <Button variant="secondary" size="sm" disabled={!online} onClick={() => void download(true)}>
              <Download aria-hidden="true" />
              {t('door.list.download')}
            </Button>
          </CardBody>
        </Card>
      </div>
    </>
  );
}

function VerdictCard({
  verdict: { v, offline },
  format,
  onUndo,
  online,
}: {
  verdict: { v: DoorVerdict; offline: boolean };
  format: ReturnType<typeof useFormat>;
  onUndo: (purchaseId: string) => void;
  online: boolean;
}) {
  const t = useT(eventsMessages);
  const tone = good.has(v.verdict) ? 'good' : warn.has(v.verdict) ? 'warn' : 'bad';
  const headline =
    v.verdict === 'already_used'
      ? t('door.verdict.already_used', { time: v.checked_in_at ? format.time(v.checked_in_at) : '' })
      : t(`door.verdict.${v.verdict}`);
  return (
    <div
      data-testid="door-verdict"
      data-verdict={v.verdict}
      className={cn(
        'space-y-2 rounded-lg border-2 p-5',
        tone === 'good' && 'border-success bg-success/15',
        tone === 'warn' && 'border-amber-500 bg-amber-500/15',
        tone === 'bad' && 'border-destructive bg-destructive/15',
      )}
    >
      <p className="text-3xl font-bold leading-tight text-foreground">{headline}</p>
      {v.name || v.ticket_name ? (
        <p className="text-lg text-foreground">
          {t('door.who', { name: v.name ?? '', ticket: v.ticket_name ?? '' })}
          {v.quantity && v.quantity > 1 ? ` · ${t('door.persons', { count: v.quantity })}` : ''}
        </p>
      ) : null}
      {v.verdict === 'wrong_event' && v.event_title ? (
        <p className="text-foreground">{t('door.verdict.wrong_eventFor', { event: v.event_title })}</p>
      ) : null}
      {v.verdict === 'not_valid' ? (
        <p className="text-foreground">{t('door.verdict.not_validHelp')}</p>
      ) : null}
      {offline ? <p className="text-sm text-muted-foreground">{t('door.offlineAnswer')}</p> : null}
      {v.verdict === 'admitted' && v.purchase_id && online && !offline ? (
        <Button variant="secondary" size="sm" onClick={() => onUndo(v.purchase_id!)}>
          <Undo2 aria-hidden="true" />
          {t('door.undo')}
        </Button>
      ) : null}
    </div>
  );
}
