// Guardians and family links on the member page: who is the member's guardian, whose guardian
// the member is, and family. A member admin adds a link by searching the register (the same
// lookup as /members/lookup) and confirming, and removes one after a confirmation that names
// both members.
import { membersMessages } from '@club/i18n/namespaces/members';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { useDebounced } from '../../lib/use-debounced';
import { describeMemberError } from './describe-member-error';
import { lookupMembers, type LookupHit, type MemberOverview } from './load-member';
import { memberKeys } from './member-keys';
import { MemberSearchBox } from './member-search-box';
import { addMemberRelation, removeMemberRelation, type RelationChoice } from './save-member-relation';

type Relation = MemberOverview['relations'][number];
const choices: RelationChoice[] = ['guardian', 'ward', 'family'];

/** How the other member is related to this one. */
export const relationRole = (r: Pick<Relation, 'kind' | 'direction'>): RelationChoice =>
  r.kind === 'family' ? 'family' : r.direction === 'to' ? 'guardian' : 'ward';

function AddRelationDialog(props: {
  communityId: string;
  member: { id: string; full_name: string };
  linked: Set<string>;
  onPick: (hit: LookupHit, choice: RelationChoice) => void;
  onClose: () => void;
}) {
  const t = useT(membersMessages);
  const [choice, setChoice] = useState<RelationChoice>('guardian');
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), 200);
  const hits = useQuery({
    queryKey: memberKeys.lookup(props.communityId, query),
    queryFn: () => lookupMembers(props.communityId, query),
    enabled: query.length >= 2,
    staleTime: 10_000,
  });
  const found = (hits.data ?? []).filter((h) => h.id !== props.member.id);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={t('relations.addTitle', { name: props.member.full_name })}
    >
      <div className="space-y-4">
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">{t('relations.kind')}</legend>
          {choices.map((c) => (
            <label key={c} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="relation-kind"
                value={c}
                checked={choice === c}
                onChange={() => setChoice(c)}
              />
              {t(`relations.choices.${c}`, { name: props.member.full_name })}
            </label>
          ))}
        </fieldset>
        <MemberSearchBox
          label={t('relations.search')}
          placeholder={t('lookupPage.placeholder')}
          value={text}
          onChange={setText}
        />
        {hits.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t(describeMemberError(hits.error))}
          </p>
        ) : query.length >= 2 && hits.data && found.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('lookupPage.noResults', { text: query })}</p>
        ) : (
          <ul className="divide-y divide-border text-sm" aria-label={t('relations.results')}>
            {found.map((hit) => (
              <li key={hit.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0">
                  {hit.full_name}{' '}
                  <span className="text-muted-foreground">
                    · {t('relations.mid', { mid: hit.mid })}
                    {hit.email ? ` · ${hit.email}` : ''}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={props.linked.has(`${choice}:${hit.id}`)}
                  onClick={() => props.onPick(hit, choice)}
                >
                  <Link2 aria-hidden="true" />
                  {t('relations.pick', { name: hit.full_name })}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}

export function MemberRelationsCard(props: { communityId: string; overview: MemberOverview; slug: string }) {
  const t = useT(membersMessages);
  const language = useLanguage();
  const queryClient = useQueryClient();
  const m = props.overview.member;
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<{ hit: LookupHit; choice: RelationChoice } | null>(null);
  const [removing, setRemoving] = useState<Relation | null>(null);
  const linked = new Set(props.overview.relations.map((r) => `${relationRole(r)}:${r.member_id}`));
  const refresh = () => queryClient.invalidateQueries({ queryKey: memberKeys.all(props.communityId) });
  const fail = (error: unknown) => {
    toast({ title: t(describeMemberError(error)), variant: 'destructive' });
    throw error;
  };
  return (
    <Card aria-labelledby="member-relations">
      <CardHeader id="member-relations" title={t('detail.relations')} />
      <CardBody>
        {props.overview.relations.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.relationsNone')}</p>
        ) : (
          <ul className="divide-y divide-border text-sm">
            {props.overview.relations.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0">
                  <Link
                    className="hover:underline"
                    to={localePath(language, `${props.slug}/members/${r.member_id}`)}
                  >
                    {r.full_name}
                  </Link>{' '}
                  <span className="text-muted-foreground">· {t(`relations.roles.${relationRole(r)}`)}</span>
                </span>
                {m.erased_at ? null : (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('relations.removeNamed', { name: r.full_name })}
                    onClick={() => setRemoving(r)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {m.erased_at ? null : (
          <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            {t('relations.add')}
          </Button>
        )}
      </CardBody>
      {adding ? (
        <AddRelationDialog
          communityId={props.communityId}
          member={m}
          linked={linked}
          onPick={(hit, choice) => {
            setAdding(false);
            setPending({ hit, choice });
          }}
          onClose={() => setAdding(false)}
        />
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(o) => !o && setPending(null)}
        destructive={false}
        title={
          pending
            ? t(`relations.confirmTitles.${pending.choice}`, {
                name: m.full_name,
                other: pending.hit.full_name,
              })
            : ''
        }
        description={t('relations.confirmText')}
        confirmLabel={t('relations.confirm')}
        onConfirm={async () => {
          if (!pending) return;
          try {
            await addMemberRelation(props.communityId, m.id, pending.hit.id, pending.choice);
            toast({ title: t('relations.added', { other: pending.hit.full_name }) });
            await refresh();
          } catch (error) {
            fail(error);
          }
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t('relations.removeTitle', { name: m.full_name, other: removing?.full_name ?? '' })}
        description={t('relations.removeText', { other: removing?.full_name ?? '' })}
        confirmLabel={t('relations.remove')}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await removeMemberRelation(removing.id);
            toast({ title: t('relations.removed', { other: removing.full_name }) });
            await refresh();
          } catch (error) {
            fail(error);
          }
        }}
      />
    </Card>
  );
}
