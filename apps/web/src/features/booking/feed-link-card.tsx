// The calendar subscription address of a product or a member (decision 0903): shown on
// request, copied, and renewed with a confirmation that says the old address stops working.
import { bookingMessages } from '@club/i18n/namespaces/booking';
import { CalendarPlus, Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast-store';
import { appConfig } from '../../lib/app-config';
import { useLanguage, useT } from '../../lib/i18n';
import { feedToken } from './save-booking';

export function FeedLinkCard({ target }: { target: { productId?: string; memberId?: string } }) {
  const t = useT(bookingMessages);
  const language = useLanguage();
  const [url, setUrl] = useState<string>();
  const [renewing, setRenewing] = useState(false);
  const show = async (renew: boolean) => {
    try {
      const token = await feedToken(target, renew);
      const base = appConfig().supabaseUrl.replace(/\/$/, '');
      setUrl(`${base}/feeds/v1/booking/${token}.ics${language === 'en' ? '?lang=en' : ''}`);
      if (renew) toast({ title: t('feedCard.renewed') });
    } catch (error) {
      toast({ variant: 'destructive', title: t('errors.failed') });
      throw error;
    }
  };
  return (
    <Card>
      <CardHeader title={t('feedCard.title')} description={t('feedCard.description')} />
      <CardBody className="space-y-3">
        {url ? (
          <>
            <label className="block text-sm font-medium" htmlFor="booking-feed-url">
              {t('feedCard.address')}
            </label>
            <input
              id="booking-feed-url"
              readOnly
              value={url}
              className="h-9 w-full rounded-md border border-input bg-surface px-2 font-mono text-xs"
              onFocus={(e) => e.target.select()}
            />
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                onClick={() =>
                  void navigator.clipboard.writeText(url).then(() => toast({ title: t('feedCard.copied') }))
                }
              >
                <Copy aria-hidden="true" />
                {t('feedCard.copy')}
              </Button>
              <Button variant="secondary" onClick={() => setRenewing(true)}>
                <RefreshCw aria-hidden="true" />
                {t('feedCard.renew')}
              </Button>
            </div>
          </>
        ) : (
          <Button variant="secondary" onClick={() => void show(false).catch(() => undefined)}>
            <CalendarPlus aria-hidden="true" />
            {t('feedCard.show')}
          </Button>
        )}
      </CardBody>
      <ConfirmDialog
        open={renewing}
        onOpenChange={setRenewing}
        title={t('feedCard.renewTitle')}
        description={t('feedCard.renewBody')}
        confirmLabel={t('feedCard.renew')}
        onConfirm={() => show(true)}
      />
    </Card>
  );
}
