import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createFormatters } from './formatters';
import { createTranslator, interpolate, languageFromPath, languages, type MessageTree } from './translator';
import { commonMessages } from './namespaces/common';
import { settingsMessages } from './namespaces/settings';

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');

function leafKeys(tree: MessageTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

function readTree(language: string, file: string): MessageTree {
  return JSON.parse(fs.readFileSync(path.join(localesDir, language, file), 'utf8')) as MessageTree;
}

// Every namespace file that exists in any language, so new namespaces are checked without
// touching this test.
const namespaceFiles = [
  ...new Set(languages.flatMap((l) => fs.readdirSync(path.join(localesDir, l)))),
].filter((f) => f.endsWith('.json'));

describe('message catalogues', () => {
  it('has namespaces to check', () => {
    expect(namespaceFiles).toEqual(
      expect.arrayContaining(['common.json', 'auth.json', 'shell.json', 'profile.json']),
    );
  });

  for (const file of namespaceFiles) {
    it(`${file} has the same keys in every language`, () => {
      const [first, ...rest] = languages.map((l) => {
        expect(fs.existsSync(path.join(localesDir, l, file)), `${l}/${file} is missing`).toBe(true);
        return { language: l, keys: leafKeys(readTree(l, file)).sort() };
      });
      for (const other of rest) {
        const missingThere = first!.keys.filter((k) => !other.keys.includes(k));
        const missingHere = other.keys.filter((k) => !first!.keys.includes(k));
        expect({ missingInDa: missingThere, missingInEn: missingHere }).toEqual({
          missingInDa: [],
          missingInEn: [],
        });
      }
    });

    it(`${file} has no empty messages and the same placeholders in every language`, () => {
      const trees = languages.map((l) => readTree(l, file));
      for (const key of leafKeys(trees[0]!)) {
        const placeholders = trees.map((tree) => {
          const message = key
            .split('.')
            .reduce<unknown>((node, part) => (node as MessageTree)[part], tree) as string;
          expect(message.trim(), `${file} ${key}`).not.toBe('');
          return [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        });
        expect(placeholders[1], `${file} ${key}`).toEqual(placeholders[0]);
      }
    });
  }
});

// Messages with a {count} that reads the same for 1 as for many ("Affected now: {count}",
// "{tag} ({count})"), or that are only shown for many; every other one has plural forms, so no
// page says "1 rækker" or "1 betalinger".
const countNeutral = new Set([
  'settings.json retention.confirmText',
  'settings.json audit.countAbout',
  'shell.json overview.attention.overdue',
  'members.json register.bulkRemoveTagOption',
  'members.json register.countAbout',
  'members.json register.removeTagText',
  'kit.json list.countEstimated',
  'kit.json list.selected',
  'events.json editor.previewMore',
  'events.json series.cancelled',
  'groups.json fees.totalPartial',
  'orders.json confirm.manyTitle',
  'orders.json confirm.manyBody',
  'orders.json confirm.doneMany',
]);

describe('counts', () => {
  it('have plural forms in every message that names what is counted', () => {
    const missing = namespaceFiles.flatMap((file) => {
      const tree = readTree('en', file);
      return leafKeys(tree)
        .filter((key) => {
          const message = key
            .split('.')
            .reduce<unknown>((node, part) => (node as MessageTree)[part], tree) as string;
          return message.includes('{count}') && !/_(zero|one|two|few|many|other)$/.test(key);
        })
        .map((key) => `${file} ${key}`)
        .filter((key) => !countNeutral.has(key));
    });
    expect(missing).toEqual([]);
  });

  it('say "1 betaling", not "1 betalinger", and group the digits of a count in any message', async () => {
    const { billingSetupMessages } = await import('./namespaces/billing-setup');
    const da = createTranslator(billingSetupMessages, 'da');
    expect(da('home.payments', { count: 1 })).toBe('1 betaling');
    expect(da('home.payments', { count: 1234 })).toBe('1.234 betalinger');
    const en = createTranslator(settingsMessages, 'en');
    expect(en('retention.confirmText', { months: 24, count: 1234 })).toContain('Affected now: 1,234.');
  });
});

describe('translator', () => {
  it('looks up nested keys and fills placeholders per language', () => {
    expect(createTranslator(commonMessages, 'en')('errorView.notFound', { path: '/x' })).toBe(
      'Page not found: /x',
    );
    expect(createTranslator(commonMessages, 'da')('errorView.notFound', { path: '/x' })).toBe(
      'Siden blev ikke fundet: /x',
    );
  });

  it('chooses plural forms (key_one, key_other) by a numeric count, with digit grouping', () => {
    const da = createTranslator(settingsMessages, 'da');
    const en = createTranslator(settingsMessages, 'en');
    expect(da('audit.count', { count: 1 })).toBe('1 hændelse');
    expect(da('audit.count', { count: 0 })).toBe('0 hændelser');
    expect(da('audit.count', { count: 1234 })).toBe('1.234 hændelser');
    expect(da('retention.previewCount', { count: 1 })).toBe('1 medlem ville blive anonymiseret.');
    expect(da('retention.previewCount', { count: 2 })).toBe('2 medlemmer ville blive anonymiseret.');
    expect(en('audit.count', { count: 1234 })).toBe('1,234 entries');
    expect(en('audit.count', { count: 1 })).toBe('1 entry');
  });

  it('leaves unknown placeholders alone', () => {
    expect(interpolate('Hi {name}, {other}', { name: 'Ana' })).toBe('Hi Ana, {other}');
  });

  it('chooses the language from the first two characters of the path', () => {
    expect(languageFromPath('/da/login')).toBe('da');
    expect(languageFromPath('/da')).toBe('da');
    expect(languageFromPath('/dansk')).toBe('da');
    expect(languageFromPath('/en/login')).toBe('en');
    expect(languageFromPath('/de/login')).toBe('en');
    expect(languageFromPath('/')).toBe('en');
  });
});

describe('formatters', () => {
  const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
  const moment = new Date('2026-03-29T10:30:00Z'); // first day of summer time in Copenhagen

  it('formats money held in øre as DKK in each language', () => {
    expect(nbsp(createFormatters('da').money(123450))).toBe('1.234,50 kr.');
    expect(nbsp(createFormatters('en').money(123450))).toBe('DKK 1,234.50');
    expect(nbsp(createFormatters('da').money(-5))).toBe('-0,05 kr.');
  });

  it('formats numbers with the right separators', () => {
    expect(nbsp(createFormatters('da').number(1234567.5))).toBe('1.234.567,5');
    expect(createFormatters('en').number(1234567.5)).toBe('1,234,567.5');
  });

  it('formats dates and times in the Copenhagen time zone', () => {
    expect(createFormatters('da').date(moment, 'long')).toBe('29. marts 2026');
    expect(createFormatters('en').date(moment, 'long')).toBe('29 March 2026');
    expect(createFormatters('da').time(moment)).toBe('12.30');
    expect(createFormatters('en').time(moment)).toBe('12:30');
    expect(createFormatters('en', 'UTC').time(moment)).toBe('10:30');
  });

  it('formats relative times', () => {
    const now = moment.getTime();
    expect(createFormatters('en').relative(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(createFormatters('da').relative(now - 5 * 60_000, now)).toBe('for 5 minutter siden');
    expect(createFormatters('en').relative(now - 3 * 3_600_000, now)).toBe('3 hours ago');
    expect(createFormatters('da').relative(now - 2 * 86_400_000, now)).toBe('i forgårs');
    expect(createFormatters('en').relative(now + 4 * 86_400_000, now)).toBe('in 4 days');
  });
});
