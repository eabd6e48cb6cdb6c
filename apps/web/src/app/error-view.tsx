// The generic error view: status code and message, a way back to the front page and a reload.
// It takes the language as a prop so it also works outside the router (fatal errors).
import { createTranslator, type Language } from '@club/i18n';
import { commonMessages } from '@club/i18n/namespaces/common';
import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { buttonVariants } from '../components/ui/button';
import { isChunkLoadError, reloadAfterChunkError } from '../lib/build-check';
import { useLanguage } from '../lib/i18n';

export function ErrorView({
  status,
  message,
  language,
}: {
  status: number;
  message: string | undefined;
  language: Language;
}) {
  const t = createTranslator(commonMessages, language);
  useEffect(() => {
    document.title = `${status} · ${t('errorView.title')}`;
  }, [status, t]);
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-background p-6">
      <div className="max-w-md text-center">
        <TriangleAlert aria-hidden="true" className="mx-auto mb-4 size-10 text-destructive" />
        <p className="text-sm font-semibold text-muted-foreground">
          {t('errorView.statusLabel', { status })}
        </p>
        <h1 className="mt-1 text-2xl font-semibold" data-testid="error-status">
          {status}
        </h1>
        <p className="mt-3 break-words text-base" data-testid="error-message">
          {message ?? t('errorView.unexpected')}
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <a className={buttonVariants({ variant: 'primary' })} href={`/${language}`}>
            {t('errorView.home')}
          </a>
          <button
            type="button"
            className={buttonVariants({ variant: 'secondary' })}
            onClick={() => window.location.reload()}
          >
            {t('errorView.reload')}
          </button>
        </div>
      </div>
    </main>
  );
}

export function NotFoundView() {
  const language = useLanguage();
  const { pathname } = useLocation();
  const t = createTranslator(commonMessages, language);
  return <ErrorView status={404} message={t('errorView.notFound', { path: pathname })} language={language} />;
}

/** errorElement of the router: 404s from route validation, and anything a route throws. */
export function RouteErrorView() {
  const error = useRouteError();
  const language = useLanguage();
  const { pathname } = useLocation();
  const t = createTranslator(commonMessages, language);
  if (isChunkLoadError(error)) reloadAfterChunkError();
  if (isRouteErrorResponse(error)) {
    const message =
      error.status === 404 ? t('errorView.notFound', { path: pathname }) : error.statusText || undefined;
    return <ErrorView status={error.status} message={message} language={language} />;
  }
  console.error('Route error', error);
  return <ErrorView status={500} message={undefined} language={language} />;
}
