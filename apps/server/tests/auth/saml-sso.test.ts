// SAML single sign-on against a SAML identity provider run locally (saml-test-idp.ts):
// providers managed through the admin API, sign-in through supabase-js signInWithSSO in
// the implicit and PKCE flows, and the responses that must be refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { memoryStorage, strongPassword } from './auth-test-kit';
import { TestIdp, formFields, newSigningKey } from './saml-test-idp';

const app = 'http://localhost:5173/welcome';

describe('SAML single sign-on', () => {
  let t: TestPlatform;
  let idp: TestIdp;
  let providerId: string;

  const admin = (path: string, init: RequestInit = {}) =>
    fetch(`${t.url}/auth/v1/admin/sso/providers${path}`, {
      ...init,
      headers: {
        apikey: t.serviceRoleKey,
        authorization: `Bearer ${t.serviceRoleKey}`,
        'content-type': 'application/json',
        ...init.headers,
      },
    });

  /** The browser's part: follow the IdP's URL, post its form to our ACS, return where we send it. */
  async function browse(url: string): Promise<{ location: URL; status: number }> {
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const fields = formFields(await page.text());
    return postAcs(fields.SAMLResponse!, fields.RelayState!);
  }

  async function postAcs(samlResponse: string, relayState: string) {
    const res = await fetch(`${t.url}/auth/v1/sso/saml/acs`, {
      method: 'POST',
      body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }),
      redirect: 'manual',
    });
    return { status: res.status, location: new URL(res.headers.get('location') ?? 'http://none/') };
  }

  const fragment = (u: URL) => new URLSearchParams(u.hash.slice(1));

  beforeAll(async () => {
    idp = await TestIdp.start();
    t = await startTestPlatform({
      AUTH_SAML_ENABLED: 'true',
      AUTH_URI_ALLOW_LIST: 'http://localhost:5173/**',
    });
    const res = await admin('', {
      method: 'POST',
      body: JSON.stringify({
        type: 'saml',
        metadata_xml: idp.metadataXml(),
        domains: ['kommune.test'],
        attribute_mapping: {
          keys: { name: { name: 'displayName' }, groups: { name: 'groups', array: true } },
        },
        resource_id: 'kommune',
      }),
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as {
      id: string;
      saml: { entity_id: string };
      domains: { domain: string }[];
    };
    expect(created.saml.entity_id).toBe(idp.entityId);
    expect(created.domains.map((d) => d.domain)).toEqual(['kommune.test']);
    providerId = created.id;
  }, 180_000);

  afterAll(async () => {
    await t?.stop();
    await idp?.close();
  });

  it('lists, reads by id or resource id, and updates providers', async () => {
    const list = (await (await admin('')).json()) as { items: { id: string }[] };
    expect(list.items.map((p) => p.id)).toEqual([providerId]);
    const byResource = (await (await admin('/kommune')).json()) as { id: string };
    expect(byResource.id).toBe(providerId);
    const updated = await admin(`/${providerId}`, {
      method: 'PUT',
      body: JSON.stringify({ domains: ['kommune.test', 'skole.kommune.test'] }),
    });
    expect(updated.status).toBe(200);
    const body = (await updated.json()) as { domains: { domain: string }[] };
    expect(body.domains.map((d) => d.domain)).toEqual(['kommune.test', 'skole.kommune.test']);
    const missing = await admin('/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error_code: string }).error_code).toBe('sso_provider_not_found');
  });

  it('refuses bad provider definitions with GoTrue errors', async () => {
    const code = async (body: unknown) => {
      const res = await admin('', { method: 'POST', body: JSON.stringify(body) });
      return [res.status, ((await res.json()) as { error_code: string }).error_code];
    };
    expect(await code({ type: 'oidc', metadata_xml: idp.metadataXml() })).toEqual([400, 'validation_failed']);
    expect(await code({ type: 'saml' })).toEqual([400, 'validation_failed']);
    expect(await code({ type: 'saml', metadata_xml: '<not-xml' })).toEqual([400, 'validation_failed']);
    expect(await code({ type: 'saml', metadata_url: 'http://127.0.0.1/metadata' })).toEqual([
      400,
      'validation_failed',
    ]);
    expect(await code({ type: 'saml', metadata_xml: idp.metadataXml() })).toEqual([
      422,
      'saml_idp_already_exists',
    ]);
    const other = await TestIdp.start();
    try {
      expect(
        await code({ type: 'saml', metadata_xml: other.metadataXml(), domains: ['kommune.test'] }),
      ).toEqual([400, 'sso_domain_already_exists']);
    } finally {
      await other.close();
    }
    const anon = await fetch(`${t.url}/auth/v1/admin/sso/providers`, {
      headers: { apikey: t.anonKey, authorization: `Bearer ${t.anonKey}` },
    });
    expect(anon.status).toBe(403);
  });

  it('publishes service-provider metadata naming the ACS', async () => {
    const res = await fetch(`${t.url}/auth/v1/sso/saml/metadata`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain(`entityID="${t.url}/auth/v1/sso/saml/metadata"`);
    expect(xml).toContain(`Location="${t.url}/auth/v1/sso/saml/acs"`);
    const settings = (await (
      await fetch(`${t.url}/auth/v1/settings`, { headers: { apikey: t.anonKey } })
    ).json()) as {
      saml_enabled: boolean;
      external: { saml: boolean };
    };
    expect([settings.saml_enabled, settings.external.saml]).toEqual([true, true]);
  });

  it('signs a user in by domain through signInWithSSO (implicit flow)', async () => {
    idp.nextUser = {
      nameId: 'staff-1',
      attributes: { mail: 'Staff-1@Kommune.test', displayName: 'Sanne Staff', groups: ['a', 'b'] },
    };
    const client = t.client();
    const sso = await client.auth.signInWithSSO({ domain: 'kommune.test', options: { redirectTo: app } });
    expect(sso.error).toBeNull();
    expect(sso.data!.url.startsWith(idp.ssoUrl)).toBe(true);
    const { status, location } = await browse(sso.data!.url);
    expect(status).toBe(303);
    expect(location.origin + location.pathname).toBe(app);
    const token = fragment(location).get('access_token')!;
    const claims = decodeJwt(token) as {
      amr: { method: string }[];
      email: string;
      app_metadata: { provider: string };
    };
    expect(claims.amr.map((a) => a.method)).toEqual(['sso/saml']);
    expect(claims.email).toBe('staff-1@kommune.test');
    expect(claims.app_metadata.provider).toBe(`sso:${providerId}`);
    const user = await client.auth.getUser(token);
    expect(user.data.user!.identities!.map((i) => [i.provider, i.identity_data!.sub])).toEqual([
      [`sso:${providerId}`, 'staff-1'],
    ]);
    expect(user.data.user!.user_metadata.name).toBe('Sanne Staff');
    expect(user.data.user!.user_metadata.groups).toEqual(['a', 'b']);
    const { rows } = await t.db.query<{ is_sso_user: boolean }>(
      'select is_sso_user from auth.users where id = $1',
      [user.data.user!.id],
    );
    expect(rows[0]!.is_sso_user).toBe(true);
  });

  it('signs in by provider id with PKCE, to the same user, apart from a password account', async () => {
    const password = await t
      .client()
      .auth.signUp({ email: 'staff-1@kommune.test', password: strongPassword });
    expect(password.error).toBeNull();
    idp.nextUser = { nameId: 'staff-1', attributes: { mail: 'staff-1@kommune.test' } };
    const client = t.client({ auth: { flowType: 'pkce', storage: memoryStorage() } });
    const sso = await client.auth.signInWithSSO({ providerId, options: { redirectTo: app } });
    expect(sso.error).toBeNull();
    const { location } = await browse(sso.data!.url);
    const code = location.searchParams.get('code')!;
    expect(code).toBeTruthy();
    const session = await client.auth.exchangeCodeForSession(code);
    expect(session.error).toBeNull();
    expect(session.data.user!.app_metadata.provider).toBe(`sso:${providerId}`);
    expect(session.data.user!.id).not.toBe(password.data.user!.id);
    const { rows } = await t.db.query<{ n: number }>(
      `select count(*)::int as n from auth.users where email = 'staff-1@kommune.test' and is_sso_user`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  async function started(): Promise<{ id: string; acs: string; issuer: string; relayState: string }> {
    const sso = await t.client().auth.signInWithSSO({ domain: 'kommune.test', options: { redirectTo: app } });
    return TestIdp.readRequest(sso.data!.url);
  }

  const user = { nameId: 'staff-2', attributes: { mail: 'staff-2@kommune.test' } };

  type Fault = {
    unsigned?: boolean;
    signWith?: 'other';
    audience?: string;
    notOnOrAfter?: Date;
    inResponseTo?: string;
    issuer?: string;
  };
  it.each<[string, Fault]>([
    ['unsigned', { unsigned: true }],
    ['signed by another key', { signWith: 'other' }],
    ['for another audience', { audience: 'https://elsewhere.test/sp' }],
    ['expired', { notOnOrAfter: new Date(Date.now() - 60_000) }],
    ['answering another request', { inResponseTo: '_not-our-request' }],
    ['from another issuer', { issuer: 'https://impostor.test/idp' }],
  ])('refuses an assertion that is %s', async (_name, fault) => {
    const req = await started();
    const options = {
      inResponseTo: req.id,
      acs: req.acs,
      audience: req.issuer,
      user,
      ...fault,
      signWith: fault.signWith === 'other' ? await newSigningKey('Impostor') : undefined,
    } as Parameters<TestIdp['respond']>[0];
    const { status, location } = await postAcs(idp.respond(options), req.relayState);
    expect(status).toBe(303);
    expect(fragment(location).get('error_code')).toBe('saml_assertion_invalid');
    expect(fragment(location).get('access_token')).toBeNull();
  });

  it('accepts a response once: a replay finds no relay state', async () => {
    const req = await started();
    const response = idp.respond({ inResponseTo: req.id, acs: req.acs, audience: req.issuer, user });
    const first = await postAcs(response, req.relayState);
    expect(fragment(first.location).get('access_token')).toBeTruthy();
    const again = await fetch(`${t.url}/auth/v1/sso/saml/acs`, {
      method: 'POST',
      body: new URLSearchParams({ SAMLResponse: response, RelayState: req.relayState }),
      redirect: 'manual',
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error_code: string }).error_code).toBe('saml_relay_state_not_found');
  });

  it('refuses unknown domains and disabled providers, and garbage at the ACS', async () => {
    const unknown = await t.client().auth.signInWithSSO({ domain: 'nowhere.test' });
    expect(unknown.error?.code).toBe('sso_provider_not_found');
    const noBody = await fetch(`${t.url}/auth/v1/sso/saml/acs`, { method: 'POST' });
    expect(noBody.status).toBe(400);
    const garbage = await postAcs('bm90IHhtbA==', (await started()).relayState);
    expect(fragment(garbage.location).get('error_code')).toBe('saml_assertion_invalid');
    await admin(`/${providerId}`, { method: 'PUT', body: JSON.stringify({ disabled: true }) });
    const disabled = await t.client().auth.signInWithSSO({ providerId });
    expect(disabled.error?.code).toBe('sso_provider_disabled');
    await admin(`/${providerId}`, { method: 'PUT', body: JSON.stringify({ disabled: false }) });
  });

  it('deletes a provider with its domains', async () => {
    const other = await TestIdp.start();
    try {
      const res = await admin('', {
        method: 'POST',
        body: JSON.stringify({ type: 'saml', metadata_xml: other.metadataXml(), domains: ['gone.test'] }),
      });
      const { id } = (await res.json()) as { id: string };
      expect((await admin(`/${id}`, { method: 'DELETE' })).status).toBe(200);
      expect((await admin(`/${id}`)).status).toBe(404);
      const sso = await t.client().auth.signInWithSSO({ domain: 'gone.test' });
      expect(sso.error?.code).toBe('sso_provider_not_found');
    } finally {
      await other.close();
    }
  });
});
