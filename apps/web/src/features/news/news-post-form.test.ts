import { describe, expect, it } from 'vitest';
import { formFromPost, newsPostSchema, postFromForm, publishChoices } from './news-post-form';

const zone = 'Europe/Copenhagen';
const now = Date.parse('2026-11-25T12:00:00Z');
const schema = newsPostSchema(zone, () => now);
const rikke = { id: '6f1d2c3b-0000-4000-8000-000000000001', name: 'Rikke Redaktør' };
const base = { ...formFromPost(undefined, zone, rikke), title: 'Standerhejsning' };
const messages = (values: unknown) => {
  const result = schema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the news editor form', () => {
  it('starts a new post as published now, members only, comments on, written by the writer', () => {
    expect(formFromPost(undefined, zone, rikke)).toMatchObject({
      publish: 'now',
      visibility: 'members',
      allowComments: true,
      authorId: rikke.id,
      authorName: 'Rikke Redaktør',
      sendMail: false,
    });
  });

  it('needs a title and, to publish later, a release time ahead', () => {
    expect(messages({ ...base, title: '   ' })).toEqual(['title: editor.errors.titleRequired']);
    expect(messages({ ...base, publish: 'later', releaseAt: '' })).toEqual([
      'releaseAt: editor.errors.releaseRequired',
    ]);
    // 13.00 in Copenhagen is 12.00 UTC: not ahead of "now".
    expect(messages({ ...base, publish: 'later', releaseAt: '2026-11-25T13:00' })).toEqual([
      'releaseAt: editor.errors.releaseInPast',
    ]);
    expect(messages({ ...base, publish: 'later', releaseAt: '2026-11-25T13:05' })).toEqual([]);
    expect(messages({ ...base, publish: 'draft', releaseAt: '' })).toEqual([]);
  });

  it('turns the choice into status and release instant in the community zone', () => {
    const later = schema.parse({ ...base, publish: 'later', releaseAt: '2026-11-25T13:05' });
    expect(postFromForm(later, zone)).toMatchObject({
      status: 'scheduled',
      releaseAt: '2026-11-25T12:05:00.000Z',
    });
    const now_ = schema.parse({ ...base, publish: 'now', releaseAt: '2026-11-25T13:05' });
    expect(postFromForm(now_, zone)).toMatchObject({ status: 'published', releaseAt: null });
    expect(postFromForm(schema.parse({ ...base, publish: 'draft' }), zone).status).toBe('draft');
    expect(postFromForm(schema.parse({ ...base, publish: 'keep' }), zone).status).toBe('published');
  });

  it('offers keep or unpublish for a published post, else now, later or draft', () => {
    expect(publishChoices('published')).toEqual(['keep', 'draft']);
    expect(publishChoices('scheduled')).toEqual(['now', 'later', 'draft']);
    expect(publishChoices(undefined)).toEqual(['now', 'later', 'draft']);
  });
});
