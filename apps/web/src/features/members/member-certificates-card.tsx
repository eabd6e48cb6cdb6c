// The member page's certificates: the child-protection certificate (børneattest) and others,
// with type, status, issued and expiry dates (expired and soon expiring ones highlighted) and a
// document (PDF, PNG or JPEG, up to 10 MB) in private storage, opened or downloaded through a
// signed URL. Member admins add, edit (e.g. a new expiry date) and delete, with confirmation.
import { membersMessages } from '@club/i18n/namespaces/members';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { DateField, dateValue } from '../../components/form/date-fields';
import { Form, FormErrorSummary, SelectField, TextField } from '../../components/form/form';
import { useAppForm } from '../../components/form/use-app-form';
import { UploadField, type UploadAccept } from '../../components/upload/upload-field';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { useFormat, useT } from '../../lib/i18n';
import { describeMemberError } from './describe-member-error';
import { memberKeys } from './member-keys';
import {
  deleteMemberCertificate,
  documentUrl,
  loadMemberCertificates,
  saveMemberCertificate,
  uploadCertificateDocument,
  type CertificateRow,
} from './save-member-certificate';

export const documentAccept: UploadAccept = {
  types: { 'application/pdf': ['.pdf'], 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] },
  label: 'PDF, PNG, JPEG',
  maxBytes: 10 * 1024 * 1024,
};

const soonDays = 60;

export function certificateState(expiresOn: string | null, today = new Date()): 'expired' | 'soon' | 'valid' {
  if (!expiresOn) return 'valid';
  const days = (new Date(`${expiresOn}T00:00:00Z`).getTime() - today.getTime()) / 86_400_000;
  return days < 0 ? 'expired' : days <= soonDays ? 'soon' : 'valid';
}

const kinds = ['child_certificate', 'first_aid', 'boat_licence', 'coach_licence', 'other'] as const;
const statuses = ['requested', 'consented', 'approved', 'rejected'] as const;

const schema = z
  .object({
    kind: z.enum(kinds),
    otherKind: z.string().trim().max(40),
    status: z.enum(statuses),
    issuedOn: dateValue,
    expiresOn: dateValue,
    document: z.string(),
  })
  .refine((v) => v.kind !== 'other' || /^[\p{L}\d ]{2,40}$/u.test(v.otherKind), {
    path: ['otherKind'],
    message: 'certificates.otherKindInvalid',
  })
  .refine((v) => !v.issuedOn || !v.expiresOn || v.expiresOn >= v.issuedOn, {
    path: ['expiresOn'],
    message: 'certificates.expiresBeforeIssued',
  });

/** The stored kind: a known one, or the typed name as lower-case letters and underscores. */
export function kindKey(kind: (typeof kinds)[number], other: string): string {
  if (kind !== 'other') return kind;
  return other
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'oe')
    .replace(/å/g, 'aa')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

export function useCertificateName() {
  const t = useT(membersMessages);
  return (kind: string) =>
    (kinds as readonly string[]).includes(kind) && kind !== 'other'
      ? t(`certificates.kinds.${kind as Exclude<(typeof kinds)[number], 'other'>}`)
      : kind.replace(/_/g, ' ');
}

function CertificateDialog(props: {
  communityId: string;
  memberId: string;
  memberName: string;
  row: CertificateRow | null;
  onClose: () => void;
}) {
  const t = useT(membersMessages);
  const queryClient = useQueryClient();
  const known = props.row && (kinds as readonly string[]).includes(props.row.kind);
  const form = useAppForm({
    schema,
    defaultValues: {
      kind: (props.row ? (known ? props.row.kind : 'other') : 'child_certificate') as (typeof kinds)[number],
      otherKind: props.row && !known ? props.row.kind.replace(/_/g, ' ') : '',
      status: (props.row?.status ?? 'approved') as (typeof statuses)[number],
      issuedOn: props.row?.issued_on ?? '',
      expiresOn: props.row?.expires_on ?? '',
      document: props.row?.document_path ?? '',
    },
  });
  const kind = form.watch('kind');
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={t(props.row ? 'certificates.editTitle' : 'certificates.addTitle', { name: props.memberName })}
    >
      <Form
        form={form}
        translate={(key) => t(key as never)}
        className="space-y-4"
        onSubmit={async (v) => {
          await saveMemberCertificate(
            { communityId: props.communityId, memberId: props.memberId, id: props.row?.id },
            {
              kind: kindKey(v.kind, v.otherKind),
              status: v.status,
              issued_on: v.issuedOn || null,
              expires_on: v.expiresOn || null,
              document_path: v.document || null,
            },
          );
          toast({ title: t('certificates.saved') });
          await queryClient.invalidateQueries({ queryKey: memberKeys.all(props.communityId) });
          props.onClose();
        }}
      >
        <FormErrorSummary />
        <SelectField
          name="kind"
          label={t('certificates.kind')}
          options={kinds.map((value) => ({ value, label: t(`certificates.kinds.${value}`) }))}
        />
        {kind === 'other' ? <TextField name="otherKind" label={t('certificates.otherKind')} /> : null}
        <SelectField
          name="status"
          label={t('certificates.status')}
          options={statuses.map((value) => ({ value, label: t(`certificates.statuses.${value}`) }))}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField name="issuedOn" label={t('certificates.issued')} optional />
          <DateField name="expiresOn" label={t('certificates.expires')} optional />
        </div>
        <Controller
          control={form.control}
          name="document"
          render={({ field }) => (
            <div className="space-y-1">
              <p className="text-sm font-medium">{t('certificates.document')}</p>
              <UploadField
                label={t('certificates.document')}
                accept={documentAccept}
                value={field.value}
                onChange={field.onChange}
                upload={(file, onProgress) =>
                  uploadCertificateDocument(props.communityId, props.memberId, file, onProgress)
                }
              />
            </div>
          )}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('certificates.save')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

export function MemberCertificatesCard(props: { communityId: string; memberId: string; memberName: string }) {
  const t = useT(membersMessages);
  const format = useFormat();
  const queryClient = useQueryClient();
  const name = useCertificateName();
  const [editing, setEditing] = useState<CertificateRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CertificateRow | null>(null);
  const certificates = useQuery({
    queryKey: [...memberKeys.detail(props.communityId, props.memberId), 'certificates'],
    queryFn: () => loadMemberCertificates(props.memberId),
  });
  const day = (date: string) => format.date(`${date}T12:00:00Z`);
  const open = async (row: CertificateRow, download: boolean) => {
    if (!row.document_path) return;
    try {
      const ending = row.document_path.split('.').pop() ?? 'pdf';
      const url = await documentUrl(
        row.document_path,
        download ? `${name(row.kind)} ${props.memberName}.${ending}` : undefined,
      );
      if (download) window.location.assign(url);
      else window.open(url, '_blank', 'noopener');
    } catch (error) {
      toast({ title: t(describeMemberError(error)), variant: 'destructive' });
    }
  };
  const rows = certificates.data ?? [];
  return (
    <Card aria-labelledby="member-certificates">
      <CardHeader id="member-certificates" title={t('detail.certificates')} />
      <CardBody>
        {certificates.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t(describeMemberError(certificates.error))}
          </p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.certificatesNone')}</p>
        ) : (
          <ul className="divide-y divide-border text-sm">
            {rows.map((c) => {
              const state = certificateState(c.expires_on);
              return (
                <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0">
                    <span className="font-medium">{name(c.kind)}</span>{' '}
                    <span className="text-muted-foreground">
                      · {t(`certificates.statuses.${c.status as (typeof statuses)[number]}`)}
                      {c.issued_on ? ` · ${t('certificates.issuedOn', { date: day(c.issued_on) })}` : ''}
                      {c.expires_on ? ` · ${t('detail.expires', { date: day(c.expires_on) })}` : ''}
                    </span>{' '}
                    {state === 'expired' ? <Badge tone="danger">{t('detail.expired')}</Badge> : null}
                    {state === 'soon' ? <Badge tone="accent">{t('detail.expiresSoon')}</Badge> : null}
                  </span>
                  <span className="flex shrink-0 flex-wrap gap-1">
                    {c.document_path ? (
                      <>
                        <Button size="sm" variant="ghost" onClick={() => void open(c, false)}>
                          <ExternalLink aria-hidden="true" />
                          {t('certificates.open')}
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => void open(c, true)}>
                          <Download aria-hidden="true" />
                          {t('certificates.download')}
                        </Button>
                      </>
                    ) : null}
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t('certificates.editNamed', { kind: name(c.kind) })}
                      onClick={() => setEditing(c)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t('certificates.deleteNamed', { kind: name(c.kind) })}
                      onClick={() => setDeleting(c)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        <Button size="sm" variant="secondary" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          {t('certificates.add')}
        </Button>
      </CardBody>
      {editing ? (
        <CertificateDialog
          communityId={props.communityId}
          memberId={props.memberId}
          memberName={props.memberName}
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('certificates.deleteTitle', {
          kind: deleting ? name(deleting.kind) : '',
          name: props.memberName,
        })}
        description={t('certificates.deleteText')}
        confirmLabel={t('certificates.delete')}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteMemberCertificate(deleting);
            toast({ title: t('certificates.deleted') });
            await queryClient.invalidateQueries({ queryKey: memberKeys.all(props.communityId) });
          } catch (error) {
            toast({ title: t(describeMemberError(error)), variant: 'destructive' });
            throw error;
          }
        }}
      />
    </Card>
  );
}
