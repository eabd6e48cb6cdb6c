import { commonMessages } from '@club/i18n/namespaces/common';
import { Monitor, Moon, Sun } from 'lucide-react';
import { setColourPreference, useColourMode, type ColourPreference } from '../../lib/colour-mode';
import { useT } from '../../lib/i18n';
import { Button } from './button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from './dropdown-menu';

const icons = { light: Sun, dark: Moon, system: Monitor } as const;

export function ColourModeSwitcher() {
  const t = useT(commonMessages);
  const mode = useColourMode();
  const Icon = icons[mode.preference];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`${t('colourMode.label')}: ${t(`colourMode.${mode.preference}`)}`}
          disabled={mode.forced}
        >
          <Icon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{t('colourMode.label')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={mode.preference}
          onValueChange={(value) => setColourPreference(value as ColourPreference)}
        >
          {(['light', 'dark', 'system'] as const).map((value) => {
            const ItemIcon = icons[value];
            return (
              <DropdownMenuRadioItem key={value} value={value}>
                <ItemIcon aria-hidden="true" />
                {t(`colourMode.${value}`)}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
