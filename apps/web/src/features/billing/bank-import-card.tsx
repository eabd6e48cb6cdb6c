// The bank statement import on the billing home (decision 1062): the treasurer picks the net
// bank's CSV, the browser reads it into lines (parse-bank-csv), and import_bank_statement
// matches and books them; the card says what was registered, what needs the treasurer, and
// lists the bank payments still waiting in the exceptions list.
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { toast } from '../../components/ui/toast-store';
import { useFormat, useT } from '../../lib/i18n';
import { billingKeys } from './billing-keys';
import { decodeStatement, parseBankCsv } from './parse-bank-csv';
import { importBankStatement, loadOpenBankExceptions, type BankImportResult } from './save-billing';

const maxBytes = 5 * 1024 * 1024;

/** The file's bytes (FileReader: what every browser, and jsdom, has). */
const readBytes = (file: File) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });

export function BankImportCard({ communityId }: { communityId: string }) {
  const t = useT(billingSetupMessages);
  const format = useFormat();
  const queryClient = useQueryClient();
  const fileId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<BankImportResult | null>(null);
  const open = useQuery({
    queryKey: billingKeys.bankExceptions(communityId),
    queryFn: () => loadOpenBankExceptions(communityId),
  });

  const importFile = async (file: File) => {
    setProblem(null);
    setResult(null);
    if (file.size > maxBytes) {
      setProblem(t('bankImport.errors.tooLarge'));
      return;
    }
    const parsed = parseBankCsv(decodeStatement(await readBytes(file)));
    if ('error' in parsed) {
      setProblem(
        parsed.error === 'row'
          ? t(parsed.field === 'date' ? 'bankImport.errors.rowDate' : 'bankImport.errors.rowAmount', {
              row: parsed.row,
            })
          : t(`bankImport.errors.${parsed.error}`),
      );
      return;
    }
    setBusy(true);
    try {
      setResult(await importBankStatement(communityId, parsed.lines));
      toast({ title: t('bankImport.done') });
    } catch {
      setProblem(t('bankImport.errors.failed'));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: billingKeys.all(communityId) });
    }
  };

  const waiting = open.data ?? [];
  return (
    <Card aria-labelledby="billing-bank-import">
      <CardHeader id="billing-bank-import" title={t('bankImport.title')} description={t('bankImport.help')} />
      <CardBody className="space-y-3">
        <div className="space-y-1">
          <label htmlFor={fileId} className="text-sm font-medium">
            {t('bankImport.file')}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.txt,text/csv"
            disabled={busy}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-accent file:px-3 file:py-2 file:text-accent-foreground"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void importFile(file);
            }}
          />
          <p className="text-sm text-muted-foreground">{t('bankImport.fileHint')}</p>
        </div>
        {busy ? <Alert kind="info" title={t('bankImport.importing')} /> : null}
        {problem ? <Alert kind="error" title={problem} /> : null}
        {result ? (
          <Alert kind={result.exceptions > 0 ? 'info' : 'success'} title={t('bankImport.done')}>
            <ul className="space-y-0.5" data-testid="bank-import-result">
              <li>{t('bankImport.matched', { count: result.matched })}</li>
              {result.exceptions > 0 ? (
                <li>{t('bankImport.exceptions', { count: result.exceptions })}</li>
              ) : null}
              {result.duplicates > 0 ? (
                <li>{t('bankImport.duplicates', { count: result.duplicates })}</li>
              ) : null}
              {result.outgoing > 0 ? <li>{t('bankImport.outgoing', { count: result.outgoing })}</li> : null}
            </ul>
          </Alert>
        ) : null}
        {open.isSuccess ? (
          waiting.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('bankImport.openEmpty')}</p>
          ) : (
            <div className="space-y-2">
              <h3 className="text-sm font-semibold">{t('bankImport.open', { count: waiting.length })}</h3>
              <ul className="divide-y divide-border rounded-md border border-border text-sm">
                {waiting.map((e) => (
                  <li key={e.id} className="flex flex-wrap justify-between gap-x-3 gap-y-1 px-3 py-2">
                    <span className="min-w-0 break-words">
                      <span className="font-medium">{e.reference}</span>
                      <span className="block text-muted-foreground">
                        {e.kind === 'amount_mismatch'
                          ? t('bankImport.kinds.amount_mismatch', {
                              expected: format.money(Number(e.expected_ore ?? 0)),
                            })
                          : e.kind === 'unknown_reference' || e.kind === 'invoice_not_payable'
                            ? t(`bankImport.kinds.${e.kind}`)
                            : t('bankImport.kinds.other')}
                      </span>
                    </span>
                    <span className="tabular-nums">{format.money(Number(e.amount_ore ?? 0))}</span>
                  </li>
                ))}
              </ul>
            </div>
          )
        ) : null}
      </CardBody>
    </Card>
  );
}
