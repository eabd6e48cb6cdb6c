import { eventsMessages } from '@club/i18n/namespaces/events';
import { Badge } from '../../components/ui/badge';
import { useT } from '../../lib/i18n';
import type { EventStatus } from './event-records';

const tones = { draft: 'neutral', scheduled: 'accent', published: 'success', cancelled: 'danger' } as const;

/** The event's status as a coloured badge with its name. */
export function EventStatusBadge({ status }: { status: EventStatus }) {
  const t = useT(eventsMessages);
  return <Badge tone={tones[status]}>{t(`status.${status}`)}</Badge>;
}
