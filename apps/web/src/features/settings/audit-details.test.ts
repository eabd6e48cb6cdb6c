// The audit log's details were developer text ("amount_ore: 50000", 'role: null → "admin"',
// 'status: "issued" → "paid"'): they are shown in words and money in both languages.
import { createFormatters, createTranslator, type Language } from '@club/i18n';
import { membersMessages } from '@club/i18n/namespaces/members';
import { settingsMessages } from '@club/i18n/namespaces/settings';
import { describe, expect, it } from 'vitest';
import { auditWords, describeAuditDetails } from './audit-details';

function describeIn(language: Language, details: Record<string, unknown>) {
  const words = auditWords(
    createTranslator(settingsMessages, language) as never,
    createTranslator(membersMessages, language) as never,
    createFormatters(language, 'Europe/Copenhagen'),
  );
  return describeAuditDetails(details, words);
}

const payment = { amount_ore: 50000, method: 'mobilepay', reference: 'Faktura 12' };
const granted = { role: [null, 'admin'], areas: [null, ['news', 'event']] };
const invoice = { status: ['issued', 'paid'], total_ore: 123450, currency: 'DKK' };

describe('audit log details', () => {
  it('are words and money in English', () => {
    expect(describeIn('en', payment)).toBe(
      'Amount: DKK\u00a0500.00; Method: MobilePay; Reference: Faktura 12',
    );
    expect(describeIn('en', granted)).toBe('Role: Administrator; Areas: News, Events');
    expect(describeIn('en', invoice)).toBe('Status: Issued → Paid; Total: DKK\u00a01,234.50');
    expect(describeIn('en', { membership_manager: [false, true] })).toBe('Membership manager: no → yes');
    expect(describeIn('en', { role: ['admin', null] })).toBe('Role: Administrator → none');
    expect(describeIn('en', { retention_months: [24, 1] })).toBe('Data retention: 24 months → 1 month');
    expect(describeIn('en', { reason: 'Kontingent' })).toBe('Reason: Kontingent');
  });

  it('are words and money in Danish', () => {
    expect(describeIn('da', payment)).toBe(
      'Beløb: 500,00\u00a0kr.; Betalingsmåde: MobilePay; Reference: Faktura 12',
    );
    expect(describeIn('da', granted)).toBe('Rolle: Administrator; Områder: Nyheder, Arrangementer');
    expect(describeIn('da', invoice)).toBe('Status: Udstedt → Betalt; I alt: 1.234,50\u00a0kr.');
    expect(describeIn('da', { status: ['active', 'left'] })).toBe('Status: Aktiv → Udmeldt');
    expect(describeIn('da', { contact_phone: [null, '+4520304050'] })).toBe('Kontakttelefon: +4520304050');
  });
});
