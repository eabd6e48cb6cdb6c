// Switches between English and Danish on the same page (query and hash kept) and remembers the choice.
import { languages } from '@club/i18n';
import { commonMessages } from '@club/i18n/namespaces/common';
import { Languages } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { rememberLanguage, switchLanguagePath, useLanguage, useT } from '../../lib/i18n';
import { Button } from './button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from './dropdown-menu';

export function LanguageSwitcher() {
  const t = useT(commonMessages);
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm">
          <Languages aria-hidden="true" />
          <span className="sr-only">{`${t('language.label')}: ${t(`language.${language}`)}`}</span>
          <span aria-hidden="true" lang={language} className="hidden sm:inline">
            {t(`language.${language}`)}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{t('language.label')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={language}
          onValueChange={(value) => {
            const next = value === 'da' ? 'da' : 'en';
            rememberLanguage(next);
            void navigate(switchLanguagePath(location.pathname, location.search, location.hash, next));
          }}
        >
          {languages.map((l) => (
            <DropdownMenuRadioItem key={l} value={l} lang={l}>
              {t(`language.${l}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
