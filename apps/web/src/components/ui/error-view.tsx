// The generic error view: status code and message, a way back to the front page and a reload.
// It takes the language as a prop so it also works outside the router (fatal errors). Inside
// the shell (`embedded`) it is a section of the shell's one `main`, not a second `main`.
import { createTranslator, type Language } from '@club/i18n';
import { commonMessages } from '@club/i18n/namespaces/common';
import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { isChunkLoadError, reloadAfterChunkError } from '../../lib/build-check';
import { useLanguage } from '../../lib/i18n';
import { buttonVariants } from './button';

export function ErrorView({
  status,
  message,
  language,
  embedded = false,
}: {
  status: number;
  message: string | undefined;
  language: Language;
  embedded?: boolean;
}) {
  const t = createTranslator(commonMessages, language);
  const Frame = embedded ? 'section' : 'main';
  useEffect(() => {
    document.title = `${status} · ${t('errorView.title')}`;
  }, [status, t]);
  return (
    <Frame
      {...(embedded ? { 'aria-labelledby': 'error-status' } : { id: 'main' })}
      className={
        embedded
          ? 'flex justify-center py-12'
          : 'flex min-h-dvh items-center justify-center bg-background p-6'
      }
    >
      <div className="max-w-md text-center">
        <TriangleAlert aria-hidden="true" className="mx-auto mb-4 size-10 text-destructive" />
        <p className="text-sm font-semibold text-muted-foreground">
          {t('errorView.statusLabel', { status })}
        </p>
        <h1 id="error-status" className="mt-1 text-2xl font-semibold" data-testid="error-status">
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
    </Frame>
  );
}

export function NotFoundView({ embedded = false }: { embedded?: boolean }) {
  const language = useLanguage();
  const { pathname } = useLocation();
  const t = createTranslator(commonMessages, language);
  return (
    <ErrorView
      status={404}
      message={t('errorView.notFound', { path: pathname })}
      language={language}
      embedded={embedded}
    />
  );
}

/** The 404 view inside the shell (a section of its `main`). */
export function ShellNotFoundView() {
  return <NotFoundView embedded />;
}

/** errorElement of the router: 404s from route validation, and anything a route throws. */
export function RouteErrorView({ embedded = false }: { embedded?: boolean }) {
  const error = useRouteError();
  const language = useLanguage();
  const { pathname } = useLocation();
  const t = createTranslator(commonMessages, language);
  if (isChunkLoadError(error)) reloadAfterChunkError();
  if (isRouteErrorResponse(error)) {
    const message =
      error.status === 404 ? t('errorView.notFound', { path: pathname }) : error.statusText || undefined;
    return <ErrorView status={error.status} message={message} language={language} embedded={embedded} />;
  }
  console.error('Route error', error);
  return <ErrorView status={500} message={undefined} language={language} embedded={embedded} />;
}

/** errorElement of the routes inside the shell: the shell stays, the error fills its page. */
export function ShellRouteErrorView() {
  return <RouteErrorView embedded />;
}
