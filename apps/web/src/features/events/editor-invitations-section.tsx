// Invitations: members found by name, and the community's groups and tags as checkboxes.
import { eventsMessages } from '@club/i18n/namespaces/events';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { useT } from '../../lib/i18n';
import type { Invitee } from './event-records';
import type { EditorSectionProps } from './editor-section-props';
import { loadGroupsAndTags } from './load-invitees';
import { useMemberSearch } from './use-member-search';

function CheckList({
  legend,
  items,
  chosen,
  onToggle,
}: {
  legend: string;
  items: Invitee[];
  chosen: string[];
  onToggle: (id: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <fieldset>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        {items.map((item) => (
          <label key={item.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={chosen.includes(item.id)} onChange={() => onToggle(item.id)} />
            {item.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function EditorInvitationsSection({
  draft,
  change,
  communityId,
}: Pick<EditorSectionProps, 'draft' | 'change'> & { communityId: string }) {
  const t = useT(eventsMessages);
  const { text, setText, found } = useMemberSearch(communityId);
  const lists = useQuery({
    queryKey: ['event-invitees', communityId],
    queryFn: () => loadGroupsAndTags(communityId),
  });
  const toggle = (key: 'invitedGroups' | 'invitedTags', id: string) =>
    change((d) => ({ ...d, [key]: d[key].includes(id) ? d[key].filter((x) => x !== id) : [...d[key], id] }));

  return (
    <Card aria-labelledby="editor-invitations">
      <CardHeader
        id="editor-invitations"
        title={t('editor.sections.invitations')}
        description={t('editor.invitationsHelp')}
      />
      <CardBody>
        <div className="space-y-2">
          <label htmlFor="event-invite-member" className="block text-sm font-medium">
            {t('editor.fields.inviteMembers')}
          </label>
          {draft.invitedMembers.length > 0 ? (
            <ul className="flex flex-wrap gap-2">
              {draft.invitedMembers.map((m) => (
                <li
                  key={m.id}
                  className="inline-flex items-center gap-1 rounded-full bg-accent-soft py-0.5 pl-3 pr-1 text-sm text-accent-soft-foreground"
                >
                  {m.label}
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    className="size-6"
                    aria-label={`${t('detail.invitations.member')}: ${m.label} ×`}
                    onClick={() =>
                      change((d) => ({ ...d, invitedMembers: d.invitedMembers.filter((x) => x.id !== m.id) }))
                    }
                  >
                    <X aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          <Input
            id="event-invite-member"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
          />
          {found.data && found.data.length > 0 ? (
            <ul className="max-h-48 overflow-auto rounded-md border border-border">
              {found.data
                .filter((m) => !draft.invitedMembers.some((x) => x.id === m.id))
                .map((m) => (
                  <li key={m.id}>
                    <button
                      type="button"
                      className="w-full px-3 py-1.5 text-left text-sm hover:bg-muted"
                      onClick={() => {
                        change((d) => ({ ...d, invitedMembers: [...d.invitedMembers, m] }));
                        setText('');
                      }}
                    >
                      {m.label}
                    </button>
                  </li>
                ))}
            </ul>
          ) : null}
        </div>
        <CheckList
          legend={t('editor.fields.inviteGroups')}
          items={lists.data?.groups ?? []}
          chosen={draft.invitedGroups}
          onToggle={(id) => toggle('invitedGroups', id)}
        />
        <CheckList
          legend={t('editor.fields.inviteTags')}
          items={lists.data?.tags ?? []}
          chosen={draft.invitedTags}
          onToggle={(id) => toggle('invitedTags', id)}
        />
      </CardBody>
    </Card>
  );
}
