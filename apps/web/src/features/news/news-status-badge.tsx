import { newsMessages } from '@club/i18n/namespaces/news';
import { Badge } from '../../components/ui/badge';
import { useT } from '../../lib/i18n';
import type { NewsStatus } from './news-records';

const tones = { draft: 'neutral', scheduled: 'accent', published: 'success' } as const;

/** The post's status as a coloured badge with its name. */
export function NewsStatusBadge({ status }: { status: string }) {
  const t = useT(newsMessages);
  const known: NewsStatus = status === 'scheduled' || status === 'published' ? status : 'draft';
  return <Badge tone={tones[known]}>{t(`status.${known}`)}</Badge>;
}
