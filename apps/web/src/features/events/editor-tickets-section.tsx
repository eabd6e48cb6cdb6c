// Ticket types: name, participant limit, join and refund dates, free or paid with a price.
import { eventsMessages } from '@club/i18n/namespaces/events';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { useT } from '../../lib/i18n';
import { emptyTicket, type TicketDraft } from './event-draft';
import { EditorTextField } from './editor-text-field';
import { replaceAt, type EditorSectionProps } from './editor-section-props';

export function EditorTicketsSection(props: EditorSectionProps) {
  const t = useT(eventsMessages);
  const { draft, change } = props;
  const set = (index: number, patch: Partial<TicketDraft>) =>
    change((d) => ({ ...d, tickets: replaceAt(d.tickets, index, { ...d.tickets[index]!, ...patch }) }));
  return (
    <Card aria-labelledby="editor-tickets">
      <CardHeader id="editor-tickets" title={t('editor.sections.tickets')} />
      <CardBody>
        {draft.tickets.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('editor.noTickets')}</p>
        ) : null}
        {draft.tickets.map((ticket, i) => {
          const p = `tickets.${i}`;
          const name = ticket.name || t('editor.ticketHeading', { index: i + 1 });
          return (
            <fieldset key={ticket.key} className="space-y-4 rounded-md border border-border p-4">
              <legend className="sr-only">{t('editor.ticketHeading', { index: i + 1 })}</legend>
              <div className="flex items-center justify-between gap-2">
                <span aria-hidden="true" className="text-sm font-semibold">
                  {t('editor.ticketHeading', { index: i + 1 })}
                </span>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t('editor.removeTicket', { name })}
                  onClick={() => change((d) => ({ ...d, tickets: d.tickets.filter((_, j) => j !== i) }))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <EditorTextField
                  path={`${p}.name`}
                  label={t('editor.fields.ticketName')}
                  value={ticket.name}
                  onValue={(v) => set(i, { name: v })}
                  props={props}
                />
                <EditorTextField
                  path={`${p}.participantLimit`}
                  label={t('editor.fields.participantLimit')}
                  help={t('editor.fields.participantLimitHelp')}
                  inputMode="numeric"
                  value={ticket.participantLimit}
                  onValue={(v) => set(i, { participantLimit: v })}
                  props={props}
                />
              </div>
              <div className="grid gap-4 sm:grid-cols-3">
                <EditorTextField
                  path={`${p}.joinOpensAt`}
                  type="datetime-local"
                  label={t('editor.fields.joinOpensAt')}
                  value={ticket.joinOpensAt}
                  onValue={(v) => set(i, { joinOpensAt: v })}
                  props={props}
                />
                <EditorTextField
                  path={`${p}.joinClosesAt`}
                  type="datetime-local"
                  label={t('editor.fields.joinClosesAt')}
                  value={ticket.joinClosesAt}
                  onValue={(v) => set(i, { joinClosesAt: v })}
                  props={props}
                />
                <EditorTextField
                  path={`${p}.refundClosesAt`}
                  type="datetime-local"
                  label={t('editor.fields.refundClosesAt')}
                  value={ticket.refundClosesAt}
                  onValue={(v) => set(i, { refundClosesAt: v })}
                  props={props}
                />
              </div>
              <div className="flex flex-wrap items-end gap-4">
                <div
                  role="radiogroup"
                  aria-label={`${t('editor.fields.free')} / ${t('editor.fields.paid')}`}
                  className="flex gap-4 pb-2 text-sm"
                >
                  <label className="flex items-center gap-2">
                    <input
                      type="radio"
                      name={`${ticket.key}-paid`}
                      checked={!ticket.paid}
                      onChange={() => set(i, { paid: false })}
                    />
                    {t('editor.fields.free')}
                  </label>
                  <label className="flex items-center gap-2">
                    <input
                      type="radio"
                      name={`${ticket.key}-paid`}
                      checked={ticket.paid}
                      onChange={() => set(i, { paid: true })}
                    />
                    {t('editor.fields.paid')}
                  </label>
                </div>
                {ticket.paid ? (
                  <EditorTextField
                    path={`${p}.price`}
                    label={t('editor.fields.price')}
                    inputMode="decimal"
                    value={ticket.price}
                    onValue={(v) => set(i, { price: v })}
                    props={props}
                    className="w-40"
                  />
                ) : null}
              </div>
            </fieldset>
          );
        })}
        <Button
          variant="secondary"
          onClick={() => change((d) => ({ ...d, tickets: [...d.tickets, emptyTicket()] }))}
        >
          <Plus aria-hidden="true" />
          {t('editor.addTicket')}
        </Button>
      </CardBody>
    </Card>
  );
}
