// Import of members (/members/import): choose a CSV or Excel file, map its columns to fields,
// check every row (problems by row and field in the user's language), find duplicates in the
// register (same e-mail, phone, CPR, or name + birth date) and, by the same rules, rows of the
// file that repeat an earlier row (decision 1051), and choose for each to merge, skip or create,
// then upload the rows into a job the server applies (decision 0932): the page shows its
// live progress and result report, also after the tab that started it was closed. Nothing is
// sent while rows have errors unless the user chose to import the valid rows.
import { membersMessages } from '@club/i18n/namespaces/members';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Breadcrumbs } from '../../components/ui/breadcrumbs';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { useT } from '../../lib/i18n';
import { describeMemberError } from './describe-member-error';
import { ImportFileError, readImportFile, type ImportGrid } from './import/decode-import-file';
import { guessMapping, type ColumnMapping, type ImportField } from './import/import-fields';
import { findFileDuplicates, mergeFileRows, type FileDuplicate } from './import/find-file-duplicates';
import {
  findDuplicates,
  rowsToImport,
  uploadMemberImport,
  type DuplicateMatch,
  type RowChoice,
} from './import/run-member-import';
import { checkImportRows, type CheckedRow } from './import/validate-import-rows';
import { loadPostcodes } from './load-member';
import { memberKeys } from './member-keys';
import { MemberImportJobs } from './member-import-jobs';
import { ImportMappingCard } from './member-import-mapping';

type Stage =
  | { step: 'file' }
  | { step: 'map'; grid: ImportGrid; fileName: string }
  | {
      step: 'review';
      grid: ImportGrid;
      fileName: string;
      rows: CheckedRow[];
      duplicates: Map<number, DuplicateMatch[]>;
      fileDuplicates: Map<number, FileDuplicate>;
    };

const fieldKeys: Record<ImportField, string> = {
  first_name: 'profile.firstName',
  last_name: 'profile.lastName',
  email: 'profile.email',
  phone: 'profile.phone',
  gender: 'profile.gender',
  birth_date: 'profile.birthDate',
  street: 'profile.street',
  house_number: 'profile.houseNumber',
  floor: 'profile.floor',
  door: 'profile.door',
  postal_code: 'profile.postalCode',
  city: 'profile.city',
  membership_id: 'profile.membershipId',
  status: 'profile.status',
  joined_on: 'columns.joined',
  cpr: 'cpr.label',
};

export function MemberImportPage({ communityId, slug }: { communityId: string; slug: string }) {
  const t = useT(membersMessages);
  const queryClient = useQueryClient();
  const fileId = useId();
  const [stage, setStage] = useState<Stage>({ step: 'file' });
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ label: string; done: number; total: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [choices, setChoices] = useState<Map<number, RowChoice>>(new Map());
  const [includeValid, setIncludeValid] = useState(false);
  const postcodes = useQuery({
    queryKey: memberKeys.postcodes(),
    queryFn: loadPostcodes,
    staleTime: Infinity,
  });
  const fieldName = (f: string) =>
    f in fieldKeys ? t(fieldKeys[f as ImportField] as never) : t(`importPage.fields.${f as 'cpr'}`);
  const problemName = (p: string) => t(`importPage.problems.${p as 'required'}`);
  const reasonsText = (reasons: string[]) =>
    reasons.map((r) => t(`importPage.reasons.${r as 'email'}`)).join(', ');

  const readFile = async (file: File) => {
    setFileError(null);
    try {
      setStage({ step: 'map', grid: await readImportFile(file), fileName: file.name });
    } catch (error) {
      const problem = error instanceof ImportFileError ? error.problem : 'unreadable';
      setFileError(t(`importPage.fileErrors.${problem}`));
    }
  };

  const review = async (grid: ImportGrid, fileName: string, mapping: ColumnMapping) => {
    setFailure(null);
    const rows = checkImportRows(grid.rows, mapping, postcodes.data ?? new Map());
    const valid = rows.filter((r) => r.problems.length === 0);
    try {
      const duplicates = await findDuplicates(communityId, valid, (done, total) =>
        setProgress({ label: t('importPage.checking', { done, total }), done, total }),
      );
      const fileDuplicates = findFileDuplicates(valid, new Set(duplicates.keys()));
      setChoices(
        new Map(
          [...duplicates.keys(), ...fileDuplicates.keys()].map((line) => [
            line,
            { action: 'skip' } as RowChoice,
          ]),
        ),
      );
      setIncludeValid(false);
      setStage({ step: 'review', grid, fileName, rows, duplicates, fileDuplicates });
    } catch (error) {
      setFailure(t(describeMemberError(error)));
    } finally {
      setProgress(null);
    }
  };

  const run = async (fileName: string, rows: CheckedRow[], duplicates: Map<number, DuplicateMatch[]>) => {
    setFailure(null);
    const invalid = rows.filter((r) => r.problems.length > 0);
    const valid = rows.filter((r) => r.problems.length === 0);
    const mergeInto = new Map(
      [...choices].flatMap(([line, c]) =>
        c.action === 'merge' && 'intoLine' in c ? [[line, c.intoLine]] : [],
      ),
    );
    const values = mergeFileRows(valid, mergeInto);
    try {
      await uploadMemberImport(
        communityId,
        fileName,
        valid.map((r) => {
          const choice = choices.get(r.line) ?? { action: 'create' };
          return {
            line: r.line,
            values: values.get(r.line) ?? r.values,
            choice: choice.action === 'merge' && 'intoLine' in choice ? { action: 'skip' } : choice,
            matchedMemberId: duplicates.get(r.line)?.[0]?.memberId,
          };
        }),
        invalid,
        (done, total) => setProgress({ label: t('importPage.uploading', { done, total }), done, total }),
      );
      setStage({ step: 'file' });
      // The register refreshes as the job's members arrive (member history over realtime);
      // the jobs list shows the new job at once.
      await queryClient.invalidateQueries({ queryKey: memberKeys.all(communityId) });
    } catch (error) {
      setFailure(t(describeMemberError(error)));
    } finally {
      setProgress(null);
    }
  };

  const reviewStage = stage.step === 'review' ? stage : undefined;
  const counts = useMemo(() => {
    if (!reviewStage) return { valid: 0, invalid: [] as CheckedRow[] };
    const invalid = reviewStage.rows.filter((r) => r.problems.length > 0);
    return { valid: reviewStage.rows.length - invalid.length, invalid };
  }, [reviewStage]);

  return (
    <>
      <PageHeader
        title={t('importPage.title')}
        breadcrumbs={
          <Breadcrumbs
            slug={slug}
            links={[{ label: t('breadcrumb'), path: 'members' }]}
            current={t('importPage.title')}
          />
        }
      />
      <div className="max-w-4xl space-y-6">
        {failure ? <Alert kind="error" title={failure} /> : null}
        {progress ? (
          <div className="space-y-1" role="status">
            <p className="text-sm">{progress.label}</p>
            <progress className="h-2 w-full accent-accent" max={progress.total} value={progress.done} />
          </div>
        ) : null}
        {stage.step === 'file' ? (
          <MemberImportJobs communityId={communityId} names={{ field: fieldName, problem: problemName }} />
        ) : null}
        {stage.step === 'file' ? (
          <Card>
            <CardHeader title={t('importPage.fileLabel')} description={t('importPage.fileHint')} />
            <CardBody>
              <label htmlFor={fileId} className="sr-only">
                {t('importPage.fileLabel')}
              </label>
              <input
                id={fileId}
                type="file"
                accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-accent file:px-3 file:py-2 file:text-accent-foreground"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void readFile(file);
                }}
              />
              {fileError ? <Alert kind="error" title={fileError} /> : null}
            </CardBody>
          </Card>
        ) : null}
        {stage.step === 'map' ? (
          <ImportMappingCard
            grid={stage.grid}
            initial={guessMapping(stage.grid.headers)}
            fieldName={fieldName}
            busy={progress !== null || !postcodes.data}
            onContinue={(mapping) => void review(stage.grid, stage.fileName, mapping)}
          />
        ) : null}
        {reviewStage ? (
          <Card>
            <CardHeader
              title={t('importPage.preview')}
              description={t('importPage.validRows', { count: counts.valid })}
            />
            <CardBody>
              {counts.invalid.length ? (
                <Alert kind="error" title={t('importPage.badRows', { count: counts.invalid.length })}>
                  <ul
                    className="mt-1 max-h-64 list-disc space-y-0.5 overflow-y-auto pl-5"
                    data-testid="import-problems"
                  >
                    {counts.invalid.flatMap((row) =>
                      row.problems.map((p) => (
                        <li key={`${row.line}-${p.field}`}>
                          {t('importPage.rowProblem', {
                            line: row.line,
                            field: fieldName(p.field),
                            problem: problemName(p.problem),
                          })}
                        </li>
                      )),
                    )}
                  </ul>
                </Alert>
              ) : null}
              {reviewStage.duplicates.size ? (
                <div className="space-y-2" data-testid="import-duplicates">
                  <p className="text-sm font-medium">
                    {t('importPage.duplicates', { count: reviewStage.duplicates.size })}
                  </p>
                  <ul className="space-y-2 text-sm">
                    {[...reviewStage.duplicates.entries()].map(([line, matches]) => {
                      const match = { line, name: matches[0]!.fullName, mid: matches[0]!.mid };
                      return (
                        <DuplicateChoice
                          key={line}
                          text={t('importPage.duplicateRow', {
                            ...match,
                            reasons: reasonsText(matches[0]!.reasons),
                          })}
                          label={t('importPage.duplicateRow', { ...match, reasons: '' })}
                          value={choices.get(line)?.action ?? 'skip'}
                          onChange={(action) =>
                            setChoices(
                              new Map(choices).set(
                                line,
                                action === 'merge' ? { action, memberId: matches[0]!.memberId } : { action },
                              ),
                            )
                          }
                        />
                      );
                    })}
                  </ul>
                </div>
              ) : null}
              {reviewStage.fileDuplicates.size ? (
                <div className="space-y-2" data-testid="import-file-duplicates">
                  <p className="text-sm font-medium">
                    {t('importPage.fileDuplicates', { count: reviewStage.fileDuplicates.size })}
                  </p>
                  <ul className="space-y-2 text-sm">
                    {[...reviewStage.fileDuplicates.entries()].map(([line, match]) => {
                      const text = t('importPage.fileDuplicateRow', {
                        line,
                        first: match.line,
                        name: match.name,
                        reasons: reasonsText(match.reasons),
                      });
                      return (
                        <DuplicateChoice
                          key={line}
                          text={text}
                          label={text}
                          value={choices.get(line)?.action ?? 'skip'}
                          onChange={(action) =>
                            setChoices(
                              new Map(choices).set(
                                line,
                                action === 'merge' ? { action, intoLine: match.line } : { action },
                              ),
                            )
                          }
                        />
                      );
                    })}
                  </ul>
                </div>
              ) : null}
              {counts.invalid.length ? (
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-accent"
                    checked={includeValid}
                    onChange={(e) => setIncludeValid(e.target.checked)}
                  />
                  {t('importPage.importValid')}
                </label>
              ) : null}
              {counts.valid === 0 ? (
                <p className="text-sm text-muted-foreground">{t('importPage.noValidRows')}</p>
              ) : null}
              <Button
                disabled={
                  progress !== null ||
                  rowsToImport(reviewStage.rows, choices) === 0 ||
                  (counts.invalid.length > 0 && !includeValid)
                }
                onClick={() => void run(reviewStage.fileName, reviewStage.rows, reviewStage.duplicates)}
              >
                <Upload aria-hidden="true" />
                {t('importPage.start', { count: rowsToImport(reviewStage.rows, choices) })}
              </Button>
            </CardBody>
          </Card>
        ) : null}
      </div>
    </>
  );
}

/** One duplicate row of the review: what it matches, and skip, merge or create. */
function DuplicateChoice({
  text,
  label,
  value,
  onChange,
}: {
  text: string;
  label: string;
  value: RowChoice['action'];
  onChange: (action: RowChoice['action']) => void;
}) {
  const t = useT(membersMessages);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2">
      <span>{text}</span>
      <select
        aria-label={label}
        className="h-8 rounded-md border border-input bg-surface px-2"
        value={value}
        onChange={(e) => onChange(e.target.value as RowChoice['action'])}
      >
        {(['skip', 'merge', 'create'] as const).map((a) => (
          <option key={a} value={a}>
            {t(`importPage.choices.${a}`)}
          </option>
        ))}
      </select>
    </li>
  );
}
