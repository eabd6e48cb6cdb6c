// Shown while the first route's loaders run: a quiet page with an announced loading state.
import { createTranslator, languageFromPath } from '@club/i18n';
import { commonMessages } from '@club/i18n/namespaces/common';

export function LoadingView() {
  const t = createTranslator(commonMessages, languageFromPath(window.location.pathname));
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-live="polite">
      <span className="sr-only">{t('loading')}</span>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-2 border-muted border-t-accent"
      />
    </div>
  );
}
