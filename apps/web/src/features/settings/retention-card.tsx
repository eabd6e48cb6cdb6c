// Settings → Data retention: how many months the data of members who left is kept before the
// hourly job anonymises it, with a preview of who a period would affect now. Saving a shorter
// period is confirmed with that count, since anonymising cannot be undone.
import { settingsMessages } from '@club/i18n/namespaces/settings';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormField } from '../../components/ui/form-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { useFormat, useT } from '../../lib/i18n';
import { describeSettingsError } from './describe-settings-error';
import { loadRetentionPreview, saveRetentionMonths } from './save-settings';
import { settingsKeys } from './settings-keys';

const validMonths = (value: string) =>
  /^[0-9]{2,3}$/.test(value) && Number(value) >= 12 && Number(value) <= 120;

export function RetentionCard({
  communityId,
  months: saved,
  canEdit,
}: {
  communityId: string;
  months: number;
  canEdit: boolean;
}) {
  const t = useT(settingsMessages);
  const format = useFormat();
  const queryClient = useQueryClient();
  const [text, setText] = useState(String(saved));
  const [previewed, setPreviewed] = useState<number>();
  const [confirming, setConfirming] = useState(false);
  const valid = validMonths(text);
  const preview = useQuery({
    queryKey: settingsKeys.retention(communityId, previewed ?? saved),
    queryFn: () => loadRetentionPreview(communityId, previewed ?? saved),
    enabled: previewed !== undefined,
    placeholderData: keepPreviousData,
  });
  const count = preview.data?.length ?? 0;

  return (
    <Card aria-labelledby="settings-retention">
      <CardHeader
        id="settings-retention"
        title={t('retention.title')}
        description={t('retention.description')}
      />
      <CardBody>
        <form
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (valid) setPreviewed(Number(text));
          }}
        >
          <FormField
            label={t('retention.months')}
            help={t('retention.monthsHelp')}
            error={valid ? undefined : t('retention.monthsRange')}
            className="sm:w-72"
          >
            <Input
              type="number"
              min={12}
              max={120}
              inputMode="numeric"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </FormField>
          <Button type="submit" variant="secondary" disabled={!valid}>
            {t('retention.preview')}
          </Button>
          {canEdit ? (
            <Button
              type="button"
              disabled={!valid || Number(text) === saved}
              onClick={() => {
                setPreviewed(Number(text));
                setConfirming(true);
              }}
            >
              {t('retention.save')}
            </Button>
          ) : null}
        </form>
        <p className="text-sm text-muted-foreground">{t('retention.job')}</p>
        {preview.isError ? <Alert kind="error">{describeSettingsError(preview.error, t)}</Alert> : null}
        {previewed !== undefined && preview.data ? (
          <section aria-labelledby="retention-preview" className="space-y-2">
            <h3 id="retention-preview" className="text-sm font-semibold">
              {t('retention.previewTitle', { months: previewed })}
            </h3>
            {count === 0 ? (
              <p className="text-sm">{t('retention.previewNone', { months: previewed })}</p>
            ) : (
              <>
                <p className="text-sm">{t('retention.previewCount', { count })}</p>
                <ul className="max-h-64 divide-y divide-border overflow-auto rounded-md border border-border text-sm">
                  {preview.data.map((m) => (
                    <li key={m.member_id} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                      <span>
                        {m.full_name} (#{m.mid})
                      </span>
                      <span className="text-muted-foreground">
                        {t('retention.left', { date: format.date(m.left_on) })}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        ) : null}
      </CardBody>
      {confirming && preview.data ? (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title={t('retention.confirmTitle', { months: Number(text) })}
          description={t('retention.confirmText', { months: Number(text), count: count })}
          confirmLabel={t('retention.save')}
          onConfirm={async () => {
            try {
              await saveRetentionMonths(communityId, Number(text));
            } catch (error) {
              toast({ title: describeSettingsError(error, t), variant: 'destructive' });
              throw error;
            }
            toast({ title: t('retention.saved', { months: Number(text) }) });
            await queryClient.invalidateQueries({ queryKey: settingsKeys.general(communityId) });
          }}
        />
      ) : null}
    </Card>
  );
}
