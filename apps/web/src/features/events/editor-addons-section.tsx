// Add-ons (min and max per person) with their options (title, price, capacity, hint).
import { eventsMessages } from '@club/i18n/namespaces/events';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { useT } from '../../lib/i18n';
import { emptyAddon, emptyOption, type AddonDraft, type OptionDraft } from './event-draft';
import { EditorTextField } from './editor-text-field';
import { fieldId, replaceAt, type EditorSectionProps } from './editor-section-props';

export function EditorAddonsSection(props: EditorSectionProps) {
  const t = useT(eventsMessages);
  const { draft, change } = props;
  const set = (index: number, patch: Partial<AddonDraft>) =>
    change((d) => ({ ...d, addons: replaceAt(d.addons, index, { ...d.addons[index]!, ...patch }) }));
  const setOption = (index: number, optionIndex: number, patch: Partial<OptionDraft>) =>
    change((d) => {
      const addon = d.addons[index]!;
      return {
        ...d,
        addons: replaceAt(d.addons, index, {
          ...addon,
          options: replaceAt(addon.options, optionIndex, { ...addon.options[optionIndex]!, ...patch }),
        }),
      };
    });
  return (
    <Card aria-labelledby="editor-addons">
      <CardHeader id="editor-addons" title={t('editor.sections.addons')} />
      <CardBody>
        {draft.addons.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('editor.noAddons')}</p>
        ) : null}
        {draft.addons.map((addon, i) => {
          const p = `addons.${i}`;
          const heading = t('editor.addonHeading', { index: i + 1 });
          const optionsError = props.error(`${p}.options`);
          return (
            <fieldset key={addon.key} className="space-y-4 rounded-md border border-border p-4">
              <legend className="sr-only">{heading}</legend>
              <div className="flex items-center justify-between gap-2">
                <span aria-hidden="true" className="text-sm font-semibold">
                  {heading}
                </span>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t('editor.removeAddon', { name: addon.name || heading })}
                  onClick={() => change((d) => ({ ...d, addons: d.addons.filter((_, j) => j !== i) }))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
              <div className="grid gap-4 sm:grid-cols-3">
                <EditorTextField
                  path={`${p}.name`}
                  label={t('editor.fields.addonName')}
                  value={addon.name}
                  onValue={(v) => set(i, { name: v })}
                  props={props}
                />
                <EditorTextField
                  path={`${p}.min`}
                  label={t('editor.fields.minPerPerson')}
                  inputMode="numeric"
                  value={addon.min}
                  onValue={(v) => set(i, { min: v })}
                  props={props}
                />
                <EditorTextField
                  path={`${p}.max`}
                  label={t('editor.fields.maxPerPerson')}
                  inputMode="numeric"
                  value={addon.max}
                  onValue={(v) => set(i, { max: v })}
                  props={props}
                />
              </div>
              <ul className="space-y-3">
                {addon.options.map((option, j) => {
                  const q = `${p}.options.${j}`;
                  return (
                    <li
                      key={option.key}
                      className="grid items-end gap-3 rounded-md bg-muted/50 p-3 sm:grid-cols-[2fr_1fr_1fr_2fr_auto]"
                    >
                      <EditorTextField
                        path={`${q}.title`}
                        label={t('editor.fields.optionTitle')}
                        value={option.title}
                        onValue={(v) => setOption(i, j, { title: v })}
                        props={props}
                      />
                      <EditorTextField
                        path={`${q}.price`}
                        label={t('editor.fields.optionPrice')}
                        inputMode="decimal"
                        value={option.price}
                        onValue={(v) => setOption(i, j, { price: v })}
                        props={props}
                      />
                      <EditorTextField
                        path={`${q}.capacity`}
                        label={t('editor.fields.optionCapacity')}
                        inputMode="numeric"
                        value={option.capacity}
                        onValue={(v) => setOption(i, j, { capacity: v })}
                        props={props}
                      />
                      <EditorTextField
                        path={`${q}.hint`}
                        label={t('editor.fields.optionHint')}
                        value={option.hint}
                        onValue={(v) => setOption(i, j, { hint: v })}
                        props={props}
                      />
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t('editor.removeOption', { name: option.title || String(j + 1) })}
                        onClick={() => set(i, { options: addon.options.filter((_, k) => k !== j) })}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </li>
                  );
                })}
              </ul>
              {optionsError ? (
                <p
                  id={fieldId(`${p}.options`)}
                  tabIndex={-1}
                  className="text-sm font-medium text-destructive"
                >
                  {optionsError}
                </p>
              ) : null}
              <Button
                variant="secondary"
                size="sm"
                onClick={() => set(i, { options: [...addon.options, emptyOption()] })}
              >
                <Plus aria-hidden="true" />
                {t('editor.addOption')}
              </Button>
            </fieldset>
          );
        })}
        <Button
          variant="secondary"
          onClick={() => change((d) => ({ ...d, addons: [...d.addons, emptyAddon()] }))}
        >
          <Plus aria-hidden="true" />
          {t('editor.addAddon')}
        </Button>
      </CardBody>
    </Card>
  );
}
