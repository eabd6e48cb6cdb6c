// The frame around every page: applies a route's forced colour mode, keeps <html lang> right,
// asks for a redirect on every navigation, follows auth events, loads a new build at the next
// navigation, shows the Safari notice, and holds the global notification area.
import { commonMessages } from '@club/i18n/namespaces/common';
import { useEffect, useRef } from 'react';
import {
  Outlet,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useRevalidator,
} from 'react-router';
import { toast } from '../components/ui/toast-store';
import { DeferredJobPanel } from '../components/jobs/deferred-job-panel';
import { DeferredToaster } from '../components/ui/deferred-toaster';
import { isNewBuildAvailable } from '../lib/build-check';
import { forceColourMode, type ColourValue } from '../lib/colour-mode';
import { useDevice } from '../lib/device';
import { useDocumentLanguage, useLanguage, useT } from '../lib/i18n';
import { lookUpRedirect } from '../lib/redirect-lookup';
import { supabase } from '../lib/supabase';

export const safariNoticeDuration = 8000;

export interface ColourModeHandle {
  colourMode?: ColourValue;
}

export function RootLayout() {
  const language = useLanguage();
  const t = useT(commonMessages);
  const matches = useMatches();
  const location = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const device = useDevice();
  const firstLocation = useRef(location.key);
  useDocumentLanguage(language);

  const forced = [...matches]
    .reverse()
    .map((m) => (m.handle as ColourModeHandle | undefined)?.colourMode)
    .find(Boolean);
  useEffect(() => forceColourMode(forced), [forced]);

  useEffect(() => {
    if (location.key !== firstLocation.current && isNewBuildAvailable()) window.location.reload();
  }, [location.key]);

  // The redirect lookup runs beside the page rather than before it, so a page never waits a
  // round trip to appear; when a redirect applies, it follows a moment later.
  const navigate = useNavigate();
  useEffect(() => {
    let current = true;
    void lookUpRedirect(supabase(), location.pathname).then((decision) => {
      if (!current) return;
      if (decision.kind === 'navigate') void navigate(decision.path, { replace: true });
      if (decision.kind === 'load') window.location.assign(decision.url);
    });
    return () => {
      current = false;
    };
  }, [location.pathname, navigate]);

  useEffect(() => {
    const { data } = supabase().auth.onAuthStateChange((event) => {
      if (event === 'SIGNED_OUT' || event === 'TOKEN_REFRESHED')
        setTimeout(() => void revalidator.revalidate(), 0);
    });
    return () => data.subscription.unsubscribe();
  }, []);

  useEffect(() => {
    if (device.isSafari) {
      toast({
        title: t('safari.title'),
        description: t('safari.description'),
        duration: safariNoticeDuration,
      });
    }
  }, []);

  return (
    <>
      {navigation.state === 'loading' ? (
        <div
          role="progressbar"
          aria-label={t('loading')}
          className="fixed inset-x-0 top-0 z-[60] h-0.5 animate-pulse bg-accent"
        />
      ) : null}
      <Outlet />
      <DeferredToaster />
      <DeferredJobPanel />
      <ScrollRestoration />
    </>
  );
}
