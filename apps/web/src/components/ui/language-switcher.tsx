// Switches between English and Danish on the same page (query and hash kept) and remembers the
// choice. The menu's code loads on first use.
import { languages } from '@club/i18n';
import { commonMessages } from '@club/i18n/namespaces/common';
import { Languages } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { rememberLanguage, switchLanguagePath, useLanguage, useT } from '../../lib/i18n';
import { Button } from './button';
import { DeferredRadioMenu } from './deferred-menu';

export function LanguageSwitcher() {
  const t = useT(commonMessages);
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <DeferredRadioMenu
      trigger={
        <Button variant="ghost" size="sm">
          <Languages aria-hidden="true" />
          <span className="sr-only">{`${t('language.label')}: ${t(`language.${language}`)}`}</span>
          <span aria-hidden="true" lang={language} className="hidden sm:inline">
            {t(`language.${language}`)}
          </span>
        </Button>
      }
      label={t('language.label')}
      value={language}
      options={languages.map((l) => ({ value: l, label: t(`language.${l}`), lang: l }))}
      onValueChange={(value) => {
        const next = value === 'da' ? 'da' : 'en';
        rememberLanguage(next);
        void navigate(switchLanguagePath(location.pathname, location.search, location.hash, next));
      }}
    />
  );
}
