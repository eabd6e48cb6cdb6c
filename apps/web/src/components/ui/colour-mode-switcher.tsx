// Light, dark or system colour mode; disabled while a route forces a mode. The menu's code
// loads on first use.
import { commonMessages } from '@club/i18n/namespaces/common';
import { Monitor, Moon, Sun } from 'lucide-react';
import { setColourPreference, useColourMode, type ColourPreference } from '../../lib/colour-mode';
import { useT } from '../../lib/i18n';
import { Button } from './button';
import { DeferredRadioMenu } from './deferred-menu';

const icons = { light: Sun, dark: Moon, system: Monitor } as const;

export function ColourModeSwitcher() {
  const t = useT(commonMessages);
  const mode = useColourMode();
  const Icon = icons[mode.preference];
  return (
    <DeferredRadioMenu
      trigger={
        <Button
          variant="ghost"
          size="icon"
          aria-label={`${t('colourMode.label')}: ${t(`colourMode.${mode.preference}`)}`}
          disabled={mode.forced}
        >
          <Icon aria-hidden="true" />
        </Button>
      }
      label={t('colourMode.label')}
      value={mode.preference}
      options={(['light', 'dark', 'system'] as const).map((value) => {
        const ItemIcon = icons[value];
        return { value, label: t(`colourMode.${value}`), icon: <ItemIcon aria-hidden="true" /> };
      })}
      onValueChange={(value) => setColourPreference(value as ColourPreference)}
    />
  );
}
