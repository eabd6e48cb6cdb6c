// The auth mails in English and Danish, as HTML and plain text. Each carries the link
// (except reauthentication) and the one-time code.

export type MailKind =
  | 'signup'
  | 'invite'
  | 'magiclink'
  | 'recovery'
  | 'email_change_current'
  | 'email_change_new'
  | 'reauthentication'
  /** To the owner of a confirmed address someone signed up with again: a link, no code. */
  | 'repeated_signup';

export type MailLocale = 'en' | 'da';

interface Wording {
  subject: string;
  intro: string;
  action: string;
}

// An invitation names the community and who invited when the inviter put them in the user's
// metadata (`invited_to`, `invited_by`), as the club's invite functions do; the same keys reach
// a hosted project's invite template as {{ .Data.invited_to }} and {{ .Data.invited_by }}.
type Variant = MailKind | 'invite_to_community' | 'invite_to_community_by';

const wording: Record<MailLocale, Record<Variant, Wording>> = {
  en: {
    signup: {
      subject: 'Confirm your sign-up',
      intro: 'Follow this link to confirm your e-mail address:',
      action: 'Confirm my e-mail',
    },
    invite: {
      subject: 'You have been invited',
      intro: 'You have been invited to {site}. Follow this link to accept:',
      action: 'Accept the invitation',
    },
    invite_to_community: {
      subject: 'You are invited to {community}',
      intro: 'You have been invited to {community} on {site}. Follow this link to accept:',
      action: 'Accept the invitation',
    },
    invite_to_community_by: {
      subject: '{inviter} invited you to {community}',
      intro: '{inviter} has invited you to {community} on {site}. Follow this link to accept:',
      action: 'Accept the invitation',
    },
    magiclink: { subject: 'Your sign-in link', intro: 'Follow this link to sign in:', action: 'Sign in' },
    recovery: {
      subject: 'Reset your password',
      intro: 'Follow this link to choose a new password:',
      action: 'Reset my password',
    },
    email_change_current: {
      subject: 'Confirm the change of your e-mail address',
      intro: 'Follow this link to confirm changing your e-mail address from {email} to {newEmail}:',
      action: 'Confirm the change',
    },
    email_change_new: {
      subject: 'Confirm your new e-mail address',
      intro: 'Follow this link to confirm {newEmail} as your new e-mail address:',
      action: 'Confirm the change',
    },
    reauthentication: {
      subject: 'Confirm it is you',
      intro: 'Enter this code to confirm it is you:',
      action: '',
    },
    repeated_signup: {
      subject: 'You already have an account',
      intro:
        'Someone tried to sign up to {site} with {email}, which already has an account. If it was you, follow this link and sign in, or reset your password there. If it was not, you can ignore this mail:',
      action: 'Sign in',
    },
  },
  da: {
    signup: {
      subject: 'Bekræft din tilmelding',
      intro: 'Følg linket for at bekræfte din e-mailadresse:',
      action: 'Bekræft min e-mail',
    },
    invite: {
      subject: 'Du er inviteret',
      intro: 'Du er inviteret til {site}. Følg linket for at tage imod invitationen:',
      action: 'Tag imod invitationen',
    },
    invite_to_community: {
      subject: 'Du er inviteret til {community}',
      intro: 'Du er inviteret til {community} på {site}. Følg linket for at tage imod invitationen:',
      action: 'Tag imod invitationen',
    },
    invite_to_community_by: {
      subject: '{inviter} har inviteret dig til {community}',
      intro:
        '{inviter} har inviteret dig til {community} på {site}. Følg linket for at tage imod invitationen:',
      action: 'Tag imod invitationen',
    },
    magiclink: { subject: 'Dit login-link', intro: 'Følg linket for at logge ind:', action: 'Log ind' },
    recovery: {
      subject: 'Nulstil din adgangskode',
      intro: 'Følg linket for at vælge en ny adgangskode:',
      action: 'Nulstil min adgangskode',
    },
    email_change_current: {
      subject: 'Bekræft ændringen af din e-mailadresse',
      intro: 'Følg linket for at bekræfte ændringen af din e-mailadresse fra {email} til {newEmail}:',
      action: 'Bekræft ændringen',
    },
    email_change_new: {
      subject: 'Bekræft din nye e-mailadresse',
      intro: 'Følg linket for at bekræfte {newEmail} som din nye e-mailadresse:',
      action: 'Bekræft ændringen',
    },
    reauthentication: {
      subject: 'Bekræft at det er dig',
      intro: 'Indtast denne kode for at bekræfte, at det er dig:',
      action: '',
    },
    repeated_signup: {
      subject: 'Du har allerede en konto',
      intro:
        'Nogen forsøgte at tilmelde sig {site} med {email}, som allerede har en konto. Hvis det var dig, så følg linket og log ind, eller nulstil din adgangskode dér. Hvis ikke, kan du se bort fra denne mail:',
      action: 'Log ind',
    },
  },
};

const codeLine: Record<MailLocale, string> = {
  en: 'Or enter this code:',
  da: 'Eller indtast denne kode:',
};

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function renderAuthMail(
  kind: MailKind,
  locale: MailLocale,
  values: {
    link: string | undefined;
    code: string;
    site: string;
    email: string;
    newEmail?: string;
    /** For an invitation: the community's name and the inviter's, when known. */
    community?: string;
    inviter?: string;
  },
): MailContent {
  const oneLine = (v: string | undefined) =>
    v
      ?.replace(/[\r\n\t]+/g, ' ')
      .trim()
      .slice(0, 120) || undefined;
  const community = oneLine(values.community);
  const inviter = oneLine(values.inviter);
  const variant: Variant =
    kind === 'invite' && community ? (inviter ? 'invite_to_community_by' : 'invite_to_community') : kind;
  const w = wording[locale][variant];
  const slots: Record<string, string> = {
    site: values.site,
    email: values.email,
    newEmail: values.newEmail ?? '',
    community: community ?? '',
    inviter: inviter ?? '',
  };
  // One pass, so a name that itself contains "{site}" is written as it is.
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (whole, key: string) => slots[key] ?? whole);
  const intro = fill(w.intro);
  if (kind === 'repeated_signup') {
    const link = values.link ?? '';
    return {
      subject: w.subject,
      text: `${intro}\n\n${link}\n`,
      html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(w.action)}</a></p>`,
    };
  }
  if (!values.link) {
    return {
      subject: w.subject,
      text: `${intro}\n\n${values.code}\n`,
      html: `<p>${escapeHtml(intro)}</p><p style="font-size:24px;letter-spacing:4px"><strong>${escapeHtml(values.code)}</strong></p>`,
    };
  }
  return {
    subject: fill(w.subject),
    text: `${intro}\n\n${values.link}\n\n${codeLine[locale]} ${values.code}\n`,
    html:
      `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(values.link)}">${escapeHtml(w.action)}</a></p>` +
      `<p>${escapeHtml(codeLine[locale])} <strong>${escapeHtml(values.code)}</strong></p>`,
  };
}
