import { describe, expect, it } from 'vitest';
import { renderAuthMail, type MailKind } from '../../src/services/auth/mail-templates';

const kinds: MailKind[] = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change_current',
  'email_change_new',
  'reauthentication',
];

describe('the auth mail templates', () => {
  it('exist in English and Danish for every kind, subject included, with the link and code', () => {
    const values = {
      link: 'https://club.example.dk/auth/v1/verify?token=abc&type=signup',
      code: '123456',
      site: 'Klubben',
      email: 'old@example.dk',
      newEmail: 'new@example.dk',
    };
    for (const kind of kinds) {
      const link = kind === 'reauthentication' ? undefined : values.link;
      const en = renderAuthMail(kind, 'en', { ...values, link });
      const da = renderAuthMail(kind, 'da', { ...values, link });
      for (const mail of [en, da]) {
        expect(mail.subject.length).toBeGreaterThan(5);
        expect(mail.text).toContain('123456');
        expect(mail.html).toContain('123456');
        if (link) expect(mail.text).toContain(link);
      }
      expect(da.subject).not.toBe(en.subject);
      // Danish wording, not an English copy: none of the English sentence is left.
      expect(da.text.split('\n')[0]).not.toBe(en.text.split('\n')[0]);
      expect(da.text).toMatch(/Følg linket|Indtast denne kode/);
      expect(en.text).toMatch(/Follow this link|Enter this code/);
    }
  });

  it('name the community and the inviter in an invitation when the metadata has them', () => {
    const values = {
      link: 'https://club.example.dk/v?x=1',
      code: '123456',
      site: 'Klubportalen',
      email: 'a@b.dk',
    };
    const both = { ...values, community: 'Roklubben {site}', inviter: 'Jens\r\nBcc: x@y.z Holm' };
    expect(renderAuthMail('invite', 'da', both).subject).toBe(
      'Jens Bcc: x@y.z Holm har inviteret dig til Roklubben {site}',
    );
    expect(renderAuthMail('invite', 'en', both).text).toContain(
      'Jens Bcc: x@y.z Holm has invited you to Roklubben {site} on Klubportalen.',
    );
    const club = renderAuthMail('invite', 'en', { ...values, community: 'Roklubben' });
    expect(club.subject).toBe('You are invited to Roklubben');
    expect(club.html).toContain('You have been invited to Roklubben on Klubportalen.');
    expect(renderAuthMail('invite', 'da', values).subject).toBe('Du er inviteret');
    // Only an invitation names them.
    expect(renderAuthMail('recovery', 'en', { ...values, community: 'Roklubben' }).subject).toBe(
      'Reset your password',
    );
  });
});
