// Add-ons (min and max per person) with their options (title, price, capacity, hint).
import { eventsMessages } from '@club/i18n/namespaces/events';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { useT } from '../../lib/i18n';
import { emptyAddon, emptyOption, type AddonDraft, type OptionDraft } from './event-draft';
import { EditorAddButton, EditorGroup, EditorGroupRow } from './editor-group';
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
            <EditorGroup
              key={addon.key}
              heading={heading}
              removeLabel={t('editor.removeAddon', { name: addon.name || heading })}
              onRemove={() => change((d) => ({ ...d, addons: d.addons.filter((_, j) => j !== i) }))}
            >
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
                    <EditorGroupRow
                      key={option.key}
                      className="sm:grid-cols-[2fr_1fr_1fr_2fr_auto]"
                      removeLabel={t('editor.removeOption', { name: option.title || String(j + 1) })}
                      onRemove={() => set(i, { options: addon.options.filter((_, k) => k !== j) })}
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
                    </EditorGroupRow>
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
              <EditorAddButton
                size="sm"
                label={t('editor.addOption')}
                onClick={() => set(i, { options: [...addon.options, emptyOption()] })}
              />
            </EditorGroup>
          );
        })}
        <EditorAddButton
          label={t('editor.addAddon')}
          onClick={() => change((d) => ({ ...d, addons: [...d.addons, emptyAddon()] }))}
        />
      </CardBody>
    </Card>
  );
}
