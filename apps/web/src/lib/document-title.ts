// Every page names itself in the browser tab: "Members · Søndervang IF" inside a community,
// "Sign in · <app name>" outside one. PageHeader calls this for every area page; pages
// without a PageHeader call it themselves.
import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterStateContext } from 'react-router';
import { appConfig } from './app-config';

function appName(): string {
  try {
    return appConfig().appName;
  } catch {
    return '';
  }
}

/** `title · community` (or `title · app`), or just the part that exists. */
export function documentTitle(title: string, suffix: string): string {
  return [title, suffix].filter((part) => part.trim() !== '' && part !== undefined).join(' · ');
}

export function useDocumentTitle(title: string | undefined): void {
  // Read without useRouteLoaderData so the hook also works in a page rendered outside a data router.
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  const community = routerState?.loaderData.community as { membership?: { name?: string } } | undefined;
  const suffix = community?.membership?.name ?? appName();
  useEffect(() => {
    if (title) document.title = documentTitle(title, suffix === title ? '' : suffix);
  }, [title, suffix]);
}
