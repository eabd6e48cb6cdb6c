// Me → My shifts: my coming shifts with a way to find more (the Shifts screen, which a phone's
// bottom bar has no room for).
import { memberShiftsMessages } from '@club/i18n/namespaces/member-shifts';
import { Link } from 'react-router';
import { useCommunityTimeZone } from '../../lib/community-time-zone';
import { useVolunteerShifts } from '../../lib/queries/events/load-volunteer-shifts';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { MyShiftsList } from './my-shifts-list';
import { QueryState } from './query-state';
import { Section } from './section';

export function MyShiftsSection({ slug, communityId }: { slug: string; communityId: string }) {
  const t = useT(memberShiftsMessages);
  const timeZone = useCommunityTimeZone(communityId);
  const language = useLanguage();
  const shifts = useVolunteerShifts(communityId);
  return (
    <Section
      id="me-shifts"
      title={t('mine')}
      action={
        <Link
          to={localePath(language, `m/${slug}/shifts`)}
          className="text-sm font-medium text-accent-soft-foreground hover:underline dark:text-accent"
        >
          {t('findShifts')}
        </Link>
      }
    >
      <QueryState query={shifts} lines={2}>
        {(rows) => <MyShiftsList slug={slug} communityId={communityId} shifts={rows} timeZone={timeZone} />}
      </QueryState>
    </Section>
  );
}
