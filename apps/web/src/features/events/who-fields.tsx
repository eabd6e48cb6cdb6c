// "Who" in the administrator's add dialogs (participants and volunteers, decision 1071): a member
// of the club found by name, or a guest with name and e-mail, validated here as the database
// will (add_event_participant / add_volunteer say the same in their own codes).
import type { Translate } from '@club/i18n';
import { eventsMessages } from '@club/i18n/namespaces/events';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useT } from '../../lib/i18n';
import type { Invitee } from './event-records';
import { useMemberSearch } from './use-member-search';

export interface WhoState {
  kind: 'member' | 'guest';
  member: Invitee | undefined;
  guestName: string;
  guestEmail: string;
}

export type Who = { kind: 'member'; memberId: string } | { kind: 'guest'; name: string; email: string };

export interface WhoErrors {
  member?: string | undefined;
  guestName?: string | undefined;
  guestEmail?: string | undefined;
}

export const emptyWho: WhoState = { kind: 'member', member: undefined, guestName: '', guestEmail: '' };

const emailPattern = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** The chosen person and their name, or the messages to show under the fields. */
export function readWho(
  state: WhoState,
  t: Translate<NonNullable<(typeof eventsMessages)['tree']>>,
): { who: Who; name: string } | { errors: WhoErrors } {
  if (state.kind === 'member') {
    if (!state.member) return { errors: { member: t('detail.participants.chooseMember') } };
    return { who: { kind: 'member', memberId: state.member.id }, name: state.member.label };
  }
  const name = state.guestName.trim();
  const email = state.guestEmail.trim();
  const errors: WhoErrors = {
    guestName: name ? undefined : t('errors.guest_name_required'),
    guestEmail: emailPattern.test(email) ? undefined : t('errors.invalid_email'),
  };
  if (errors.guestName || errors.guestEmail) return { errors };
  return { who: { kind: 'guest', name, email }, name };
}

export function WhoFields({
  communityId,
  idPrefix,
  state,
  onChange,
  errors,
}: {
  communityId: string;
  idPrefix: string;
  state: WhoState;
  onChange: (state: WhoState) => void;
  errors: WhoErrors;
}) {
  const t = useT(eventsMessages);
  const { text, setText, searching, found } = useMemberSearch(communityId, state.kind === 'member');
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium">{t('detail.participants.who')}</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {(['member', 'guest'] as const).map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${idPrefix}-who`}
                value={kind}
                checked={state.kind === kind}
                onChange={() => onChange({ ...state, kind })}
              />
              {t(`detail.participants.${kind}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {state.kind === 'member' ? (
        state.member ? (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3 text-sm">
            <span className="font-medium">
              {t('detail.participants.chosen', { name: state.member.label })}
            </span>
            <Button variant="ghost" size="sm" onClick={() => onChange({ ...state, member: undefined })}>
              {t('detail.participants.change')}
            </Button>
          </div>
        ) : (
          <div className="space-y-2">
            <FormField
              label={t('detail.participants.searchMember')}
              error={errors.member}
              help={t('detail.participants.searchHelp')}
            >
              <Input
                id={`${idPrefix}-member-search`}
                type="search"
                value={text}
                onChange={(e) => setText(e.target.value)}
                autoComplete="off"
              />
            </FormField>
            {searching && found.data ? (
              found.data.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('detail.participants.noMatches')}</p>
              ) : (
                <ul
                  className="max-h-48 divide-y divide-border overflow-y-auto rounded-md border border-border"
                  aria-label={t('detail.participants.searchMember')}
                >
                  {found.data.map((m) => (
                    <li key={m.id}>
                      <button
                        type="button"
                        className="w-full px-3 py-2 text-left text-sm hover:bg-muted focus-visible:bg-muted"
                        onClick={() => onChange({ ...state, member: m })}
                      >
                        {m.label}
                      </button>
                    </li>
                  ))}
                </ul>
              )
            ) : null}
          </div>
        )
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('detail.participants.guestName')} error={errors.guestName}>
            <Input
              id={`${idPrefix}-guest-name`}
              value={state.guestName}
              onChange={(e) => onChange({ ...state, guestName: e.target.value })}
              autoComplete="off"
            />
          </FormField>
          <FormField label={t('detail.participants.guestEmail')} error={errors.guestEmail}>
            <Input
              id={`${idPrefix}-guest-email`}
              type="email"
              value={state.guestEmail}
              onChange={(e) => onChange({ ...state, guestEmail: e.target.value })}
              autoComplete="off"
            />
          </FormField>
        </div>
      )}
    </div>
  );
}
