// How many of each add-on option go with a ticket, within each add-on's min/max per person:
// the member's ticket form and the administrator's "Add participant" both choose them here. The
// checks only spare a round trip; app_private.take_ticket_places decides.
import { memberEventsMessages } from '@club/i18n/namespaces/member-events';
import { Input } from '../ui/input';
import { useT } from '../../lib/i18n';

export interface AddOnChoice {
  id: string;
  name: string;
  min_per_person: number;
  max_per_person: number | null;
  addon_options: { id: string; title: string; price_ore: number; hint: string | null }[];
}

/** Option id → how many. */
export type AddOnCounts = Record<string, number>;

/** The add-ons whose chosen total is outside min/max per person for this many places. */
export function addOnProblems<A extends AddOnChoice>(addons: A[], counts: AddOnCounts, places: number): A[] {
  return addons.filter((a) => {
    const chosen = a.addon_options.reduce((sum, o) => sum + (counts[o.id] ?? 0), 0);
    return (
      chosen < a.min_per_person * places || (a.max_per_person !== null && chosen > a.max_per_person * places)
    );
  });
}

export function addOnTotal(addons: AddOnChoice[], counts: AddOnCounts): number {
  return addons.reduce(
    (sum, a) => sum + a.addon_options.reduce((s, o) => s + o.price_ore * (counts[o.id] ?? 0), 0),
    0,
  );
}

/** The chosen options as take_ticket_places reads them. */
export function addOnLines(counts: AddOnCounts): { option_id: string; quantity: number }[] {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([option_id, quantity]) => ({ option_id, quantity }));
}

export function AddOnQuantities({
  addons,
  counts,
  invalid,
  money,
  idPrefix,
  onChange,
}: {
  addons: AddOnChoice[];
  counts: AddOnCounts;
  /** Add-ons to mark as wrongly chosen. */
  invalid: AddOnChoice[];
  money: (ore: number) => string;
  idPrefix: string;
  onChange: (optionId: string, count: number) => void;
}) {
  const t = useT(memberEventsMessages);
  const hint = (a: AddOnChoice) =>
    a.max_per_person === null
      ? a.min_per_person > 0
        ? t('addOnAtLeast', { min: a.min_per_person })
        : null
      : a.min_per_person > 0
        ? t('addOnRange', { min: a.min_per_person, max: a.max_per_person })
        : t('addOnAtMost', { max: a.max_per_person });
  return (
    <>
      {addons.map((a) => (
        <fieldset
          key={a.id}
          className="space-y-2"
          aria-invalid={invalid.some((x) => x.id === a.id) || undefined}
        >
          <legend className="text-sm font-medium">{a.name}</legend>
          {hint(a) ? <p className="text-sm text-muted-foreground">{hint(a)}</p> : null}
          {a.addon_options.map((o) => (
            <div key={o.id} className="flex items-center justify-between gap-3">
              <label htmlFor={`${idPrefix}-${o.id}`} className="min-w-0 text-sm">
                <span className="block">{o.title}</span>
                <span className="block text-muted-foreground">
                  {o.price_ore === 0 ? t('free') : money(o.price_ore)}
                  {o.hint ? ` · ${o.hint}` : ''}
                </span>
              </label>
              <Input
                id={`${idPrefix}-${o.id}`}
                aria-label={t('addOnQuantity', { option: o.title })}
                type="number"
                inputMode="numeric"
                min={0}
                className="w-20"
                value={counts[o.id] ?? 0}
                onChange={(e) => onChange(o.id, Math.max(0, Math.floor(Number(e.target.value) || 0)))}
              />
            </div>
          ))}
        </fieldset>
      ))}
    </>
  );
}
