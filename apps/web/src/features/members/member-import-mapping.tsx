// The column mapping step of the import: which column of the file fills each member field
// (guessed from Danish and English column names; the user may change any). A first-name column
// is required before the rows are checked.
import { membersMessages } from '@club/i18n/namespaces/members';
import { useMemo } from 'react';
import { z } from 'zod';
import { Form, FormErrorSummary, SelectField } from '../../components/form/form';
import { useAppForm } from '../../components/form/use-app-form';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { useFormat, useT } from '../../lib/i18n';
import type { ImportGrid } from './import/decode-import-file';
import { importFields, type ColumnMapping, type ImportField } from './import/import-fields';

export function ImportMappingCard(props: {
  grid: ImportGrid;
  initial: ColumnMapping;
  fieldName: (field: string) => string;
  busy: boolean;
  onContinue: (mapping: ColumnMapping) => void;
}) {
  const t = useT(membersMessages);
  const format = useFormat();
  const schema = useMemo(
    () =>
      z
        .object(
          Object.fromEntries(importFields.map((f) => [f, z.string()])) as Record<ImportField, z.ZodString>,
        )
        .refine((v) => v.first_name !== '', { path: ['first_name'], message: 'importPage.missingFirstName' }),
    [],
  );
  const form = useAppForm({
    schema,
    defaultValues: Object.fromEntries(
      importFields.map((f) => [f, props.initial[f] === undefined ? '' : String(props.initial[f])]),
    ) as Record<ImportField, string>,
  });
  const options = [
    { value: '', label: t('importPage.notMapped') },
    ...props.grid.headers.map((header, index) => ({
      value: String(index),
      label: header || `#${index + 1}`,
    })),
  ];
  const encoding = props.grid.encoding === 'xlsx' ? 'Excel' : props.grid.encoding.toUpperCase();
  return (
    <Card>
      <CardHeader
        title={t('importPage.mapping')}
        description={`${t('importPage.encoding', { encoding, rows: format.number(props.grid.rows.length) })} ${t('importPage.mappingHint')}`}
      />
      <CardBody>
        <Form
          form={form}
          translate={(key) => t(key as never)}
          onSubmit={(values) =>
            props.onContinue(
              Object.fromEntries(
                Object.entries(values)
                  .filter(([, v]) => v !== '')
                  .map(([k, v]) => [k, Number(v)]),
              ) as ColumnMapping,
            )
          }
          className="space-y-4"
        >
          <FormErrorSummary />
          <div className="grid gap-3 sm:grid-cols-2">
            {importFields.map((field) => (
              <SelectField key={field} name={field} label={props.fieldName(field)} options={options} />
            ))}
          </div>
          <Button type="submit" disabled={props.busy}>
            {t('importPage.preview')}
          </Button>
        </Form>
      </CardBody>
    </Card>
  );
}
