import { describe, expect, it } from 'vitest';
import { acme, testAccessToken } from '../test/test-client';
import { canAdminister, visibleAreas } from './areas';
import { administersAnything, findMembership, membershipsFromToken } from './memberships';
import { decideRedirect } from './redirect-lookup';

describe('memberships from the access token', () => {
  it('reads the claim and finds a community case-insensitively', () => {
    const memberships = membershipsFromToken(testAccessToken({ memberships: { Acme: acme } }));
    expect(findMembership(memberships, 'ACME')).toEqual({ slug: 'acme', membership: acme });
    expect(findMembership(memberships, 'other')).toBeUndefined();
    expect(administersAnything(memberships)).toBe(true);
  });

  it('drops malformed entries and unknown areas', () => {
    const token = testAccessToken({
      memberships: {
        acme: { ...acme, areas: ['event', 'nonsense' as 'event'] },
        broken: { name: 'x' } as never,
      },
    });
    expect(membershipsFromToken(token)).toEqual({ acme: { ...acme, areas: ['event'] } });
    expect(membershipsFromToken('not-a-token')).toEqual({});
    expect(membershipsFromToken(undefined)).toEqual({});
  });

  it('gives owners without named areas the general areas only', () => {
    // Tags and clubs go with the member, group and event areas (decision 1053); an owner is
    // given every area when made owner (add_community_owner).
    const owner = { ...acme, areas: [] };
    expect(visibleAreas(owner)).toEqual(['overview', 'settings']);
    expect(canAdminister({ ...acme, role: 'member', areas: [] }, 'overview')).toBe(false);
  });
});

describe('redirect decisions', () => {
  it('loads absolute targets and navigates to relative ones', () => {
    expect(decideRedirect('https://example.dk/x', '/en/old')).toEqual({
      kind: 'load',
      url: 'https://example.dk/x',
    });
    expect(decideRedirect('/en/acme/news', '/en/old')).toEqual({ kind: 'navigate', path: '/en/acme/news' });
    expect(decideRedirect('en/acme', '/en/old')).toEqual({ kind: 'navigate', path: '/en/acme' });
  });

  it('ignores empty targets, itself, and non-web schemes', () => {
    expect(decideRedirect(null, '/en')).toEqual({ kind: 'none' });
    expect(decideRedirect('', '/en')).toEqual({ kind: 'none' });
    expect(decideRedirect('/en/old', '/en/old')).toEqual({ kind: 'none' });
    expect(decideRedirect('javascript://alert(1)', '/en')).toEqual({ kind: 'none' });
  });
});
