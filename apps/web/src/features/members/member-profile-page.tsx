// The member profile (/members/{id}/profile) and, without an id, the form that creates a member
// by hand: name, contact (phone stored in international form), gender, birth date, a
// structured Danish address whose city comes from the shipped postcode table, membership ID,
// roles for volunteer jobs, and consent notes. The e-mail of a member with an account is
// read-only: only the member changes their own sign-in e-mail.
import { membersMessages } from '@club/i18n/namespaces/members';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { DateField } from '../../components/form/date-fields';
import { Form, FormErrorSummary, SelectField, TextAreaField, TextField } from '../../components/form/form';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes-guard';
import { PostcodeCity } from '../../components/form/postcode-city';
import { useAppForm } from '../../components/form/use-app-form';
import { Breadcrumbs } from '../../components/ui/breadcrumbs';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { isMemberMissing } from './describe-member-error';
import { isMemberId, loadMemberOverview, loadPostcodes, type MemberRecord } from './load-member';
import { memberKeys } from './member-keys';
import { MemberNotFound } from './member-page';
import { profileDefaults, profileSchema } from './member-profile-schema';
import { todayIso } from './member-values';
import { saveMemberProfile } from './save-member';

function ProfileForm(props: {
  communityId: string;
  slug: string;
  member: MemberRecord | undefined;
  postcodes: ReadonlyMap<string, string>;
  emailLocked: boolean;
}) {
  const t = useT(membersMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const schema = useMemo(() => profileSchema(props.postcodes), [props.postcodes]);
  const form = useAppForm({
    schema,
    defaultValues: profileDefaults(props.member),
    serverErrors: {
      codes: {
        invalid_address: { field: 'postal_code', message: 'profile.errors.invalidAddress' },
        email_owned_by_member: { field: 'email', message: 'errors.email_owned_by_member' },
      },
      constraints: { members_email_check: 'email', members_phone_check: 'phone' },
    },
  });
  const memberPath = (id: string) => localePath(language, `${props.slug}/members/${id}`);
  return (
    <>
      <Form
        form={form}
        translate={(key) => t(key as never)}
        className="space-y-6"
        onSubmit={async (values) => {
          const id = await saveMemberProfile(props.communityId, props.member?.id, values, {
            emailLocked: props.emailLocked,
          });
          toast({ title: props.member ? t('profile.saved') : t('profile.created') });
          await queryClient.invalidateQueries({ queryKey: memberKeys.all(props.communityId) });
          await navigate(memberPath(id));
        }}
      >
        <FormErrorSummary />
        <Card>
          <CardHeader title={t('detail.contact')} />
          <CardBody className="grid gap-4 sm:grid-cols-2">
            <TextField name="first_name" label={t('profile.firstName')} autoComplete="off" />
            <TextField name="last_name" label={t('profile.lastName')} autoComplete="off" optional />
            {props.emailLocked ? (
              <div className="space-y-1.5">
                <p className="text-sm font-medium">{t('profile.email')}</p>
                <p className="text-sm">{props.member?.email}</p>
                <p className="text-sm text-muted-foreground">{t('lookupPage.emailReadOnly')}</p>
              </div>
            ) : (
              <TextField name="email" type="email" label={t('profile.email')} autoComplete="off" optional />
            )}
            <TextField
              name="phone"
              type="tel"
              label={t('profile.phone')}
              help={t('profile.phoneHint')}
              optional
            />
            <SelectField
              name="gender"
              label={t('profile.gender')}
              options={[
                { value: '', label: t('profile.genderNone') },
                { value: 'female', label: t('gender.female') },
                { value: 'male', label: t('gender.male') },
                { value: 'other', label: t('gender.other') },
              ]}
            />
            <DateField name="birth_date" label={t('profile.birthDate')} max={todayIso()} optional />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title={t('detail.address')} />
          <CardBody className="grid gap-4 sm:grid-cols-4">
            <TextField className="sm:col-span-2" name="street" label={t('profile.street')} optional />
            <TextField name="house_number" label={t('profile.houseNumber')} optional />
            <div className="grid grid-cols-2 gap-2">
              <TextField name="floor" label={t('profile.floor')} optional />
              <TextField name="door" label={t('profile.door')} optional />
            </div>
            <TextField name="postal_code" label={t('profile.postalCode')} inputMode="numeric" optional />
            <div className="sm:col-span-3">
              <PostcodeCity postcodes={props.postcodes} label={t('profile.city')} testId="postcode-city" />
            </div>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title={t('detail.memberships')} />
          <CardBody className="grid gap-4 sm:grid-cols-2">
            <TextField name="membership_id" label={t('profile.membershipId')} optional />
            <div className="space-y-1.5">
              <p className="text-sm font-medium">{t('profile.mid')}</p>
              <p className="text-sm">{props.member?.mid ?? '–'}</p>
              <p className="text-sm text-muted-foreground">{t('profile.midHint')}</p>
            </div>
            <SelectField
              name="status"
              label={t('profile.status')}
              options={(['active', 'passive', 'left'] as const).map((s) => ({
                value: s,
                label: t(`status.${s}`),
              }))}
            />
            <TextField name="roles" label={t('profile.roles')} help={t('profile.rolesHint')} optional />
            <TextAreaField
              className="sm:col-span-2"
              name="consent_note"
              label={t('profile.consentNote')}
              optional
            />
          </CardBody>
        </Card>
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="secondary">
            <Link
              to={props.member ? memberPath(props.member.id) : localePath(language, `${props.slug}/members`)}
            >
              {t('profile.cancel')}
            </Link>
          </Button>
          <Button type="submit">{props.member ? t('profile.save') : t('profile.create')}</Button>
        </div>
      </Form>
      <UnsavedChangesGuard
        when={form.formState.isDirty}
        what={props.member?.full_name ?? t('profile.newTitle')}
        saving={form.saving}
      />
    </>
  );
}

export function MemberProfilePage(props: {
  memberId?: string;
  communityId: string;
  slug: string;
  userId: string;
}) {
  const t = useT(membersMessages);
  const editing = props.memberId !== undefined;
  const valid = !editing || isMemberId(props.memberId!);
  const overview = useQuery({
    queryKey: memberKeys.detail(props.communityId, props.memberId ?? 'new'),
    queryFn: () => loadMemberOverview(props.memberId!),
    enabled: editing && valid,
    retry: (n, e) => !isMemberMissing(e) && n < 2,
  });
  const postcodes = useQuery({
    queryKey: memberKeys.postcodes(),
    queryFn: loadPostcodes,
    staleTime: Infinity,
  });
  if (!valid || (overview.isError && isMemberMissing(overview.error)))
    return <MemberNotFound slug={props.slug} />;
  const member = overview.data?.member;
  if (editing && member && member.community_id !== props.communityId)
    return <MemberNotFound slug={props.slug} />;
  const title = member ? t('profile.title', { name: member.full_name }) : t('profile.newTitle');
  const links = [{ label: t('breadcrumb'), path: 'members' }];
  if (member) links.push({ label: member.full_name, path: `members/${member.id}` });
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={
          <Breadcrumbs slug={props.slug} links={links} current={editing ? t('detail.profile') : title} />
        }
      />
      {(editing && !member) || !postcodes.data ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <ProfileForm
          key={member?.updated_at ?? 'new'}
          communityId={props.communityId}
          slug={props.slug}
          member={member}
          postcodes={postcodes.data}
          emailLocked={Boolean(member?.user_id && member.user_id !== props.userId)}
        />
      )}
    </>
  );
}
