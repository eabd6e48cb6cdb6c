// The group page (/groups/{id}): cover, title, owner, visibility and price; the members with
// role, joined date, fee status and welcome e-mail; adding from the register; join requests;
// and the fee run of a paid group. Joins, leaves and requests arrive live over realtime.
import { groupsMessages } from '@club/i18n/namespaces/groups';
import { isRichTextDoc } from '@club/schemas';
import { Card, CardBody } from '../../components/ui/card';
import { ConnectionIndicator } from '../../components/ui/connection-indicator';
import { RichTextView } from '../../components/ui/rich-text/rich-text-view';
import { useFormat, useT } from '../../lib/i18n';
import { useCommunityTimeZone } from '../../lib/community-time-zone';
import { AddGroupMember } from './add-group-member';
import { groupCoverUrl } from './group-cover';
import { GroupFeeRun } from './group-fee-run';
import { GroupFrame } from './group-frame';
import { useGroupPriceText } from './group-price-text';
import type { GroupRecord } from './group-records';
import { GroupRequestsSection } from './group-requests-section';
import { GroupRosterSection } from './group-roster-section';
import { useLiveGroup } from './use-live-group';

function GroupFacts({ group }: { group: GroupRecord }) {
  const t = useT(groupsMessages);
  const format = useFormat();
  const priceText = useGroupPriceText();
  const facts: [string, string][] = [
    [t('page.owner'), group.owner_name ?? t('list.noOwner')],
    [t('page.visibility'), t(`visibility.${group.visibility}`)],
    [t('page.price'), priceText(group)],
    [t('members.title'), format.number(group.member_count)],
  ];
  return (
    <Card>
      <CardBody className="space-y-4">
        {group.cover_image_path ? (
          <img
            src={groupCoverUrl(group.cover_image_path)}
            alt={t('descriptionPage.image.preview')}
            className="aspect-[3/1] w-full rounded-md object-cover"
          />
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <RichTextView
          doc={isRichTextDoc(group.description) ? group.description : null}
          aria-label={t('descriptionPage.text')}
        />
      </CardBody>
    </Card>
  );
}

export function GroupPage({
  groupId,
  communityId,
  slug,
}: {
  groupId: string;
  communityId: string;
  slug: string;
}) {
  const timeZone = useCommunityTimeZone(communityId);
  const live = useLiveGroup(communityId, groupId);
  return (
    <GroupFrame
      communityId={communityId}
      slug={slug}
      groupId={groupId}
      screen="overview"
      description={() => <ConnectionIndicator connected={live} />}
    >
      {(group) => (
        // The members' table takes the whole width: beside another column it had to scroll
        // sideways even on a desktop. The facts and the fee run sit side by side above it.
        <div className="space-y-6">
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <GroupFacts group={group} />
            <GroupFeeRun group={group} communityId={communityId} slug={slug} />
          </div>
          <GroupRequestsSection group={group} communityId={communityId} />
          <GroupRosterSection group={group} communityId={communityId} timeZone={timeZone} />
          <AddGroupMember group={group} communityId={communityId} />
        </div>
      )}
    </GroupFrame>
  );
}
