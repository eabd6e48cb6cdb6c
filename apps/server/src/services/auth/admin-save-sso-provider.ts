// POST /admin/sso/providers and PUT /admin/sso/providers/{id}: a SAML identity provider
// from its metadata (XML, or an https URL fetched once), with its e-mail domains and
// attribute mapping, stored in GoTrue's tables and refused with GoTrue's errors.
import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { Queryable } from '../../database/database';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';
import { AuthError, validation } from './auth-errors';
import { authTransaction } from './auth-transaction';
import { requireAdmin } from './require-user';
import { optionalBoolean, optionalObject, optionalString, readBody, type Body } from './request-body';
import { parseIdpMetadata, type IdpMetadata } from './saml-metadata-document';
import { findSsoProvider, renderSsoProvider, type AttributeMapping } from './sso-provider-records';
import { requireSaml } from './saml-enabled';

interface ProviderInput {
  metadata?: { xml: string; url: string | undefined; parsed: IdpMetadata };
  domains?: string[];
  attributeMapping?: AttributeMapping;
  resourceId?: string;
  nameIdFormat?: string;
  disabled?: boolean;
}

const nameIdFormats = new Set([
  'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
  'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
  'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
]);

async function fetchMetadata(url: string): Promise<string> {
  if (!URL.canParse(url) || new URL(url).protocol !== 'https:')
    throw validation('metadata_url needs to use HTTPS');
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'follow' });
    if (!res.ok) throw new Error(String(res.status));
    return await res.text();
  } catch {
    throw new AuthError(
      400,
      'saml_metadata_fetch_failed',
      'Unable to fetch SAML metadata from the metadata_url; check that it is reachable from the server',
    );
  }
}

function readDomains(body: Body): string[] | undefined {
  if (body.domains === undefined || body.domains === null) return undefined;
  if (!Array.isArray(body.domains) || body.domains.some((d) => typeof d !== 'string'))
    throw validation('domains must be an array of strings');
  const domains = (body.domains as string[]).map((d) => d.trim().toLowerCase());
  for (const d of domains) {
    if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(d))
      throw validation(`Domain "${d}" is invalid`);
  }
  return [...new Set(domains)];
}

function readMapping(body: Body): AttributeMapping | undefined {
  const mapping = optionalObject(body, 'attribute_mapping');
  if (!mapping) return undefined;
  const keys = mapping.keys ?? {};
  if (typeof keys !== 'object' || keys === null || Array.isArray(keys))
    throw validation('attribute_mapping.keys must be an object');
  for (const [key, rule] of Object.entries(keys as Record<string, unknown>)) {
    if (typeof rule !== 'object' || rule === null || Array.isArray(rule))
      throw validation(`attribute_mapping.keys.${key} must be an object`);
    const { name, names } = rule as { name?: unknown; names?: unknown };
    if (name !== undefined && typeof name !== 'string')
      throw validation(`attribute_mapping.keys.${key}.name must be a string`);
    if (names !== undefined && (!Array.isArray(names) || names.some((n) => typeof n !== 'string')))
      throw validation(`attribute_mapping.keys.${key}.names must be an array of strings`);
  }
  return { keys: keys as AttributeMapping['keys'] };
}

async function readInput(body: Body, creating: boolean): Promise<ProviderInput> {
  const type = optionalString(body, 'type');
  if (creating && type !== 'saml') throw validation("Only 'saml' supported for SSO provider type");
  const xml = optionalString(body, 'metadata_xml');
  const url = optionalString(body, 'metadata_url');
  if (xml && url) throw validation('Only one of metadata_xml or metadata_url needs to be set');
  if (creating && !xml && !url) throw validation('Either metadata_xml or metadata_url must be set');
  const input: ProviderInput = {
    domains: readDomains(body),
    attributeMapping: readMapping(body),
    resourceId: optionalString(body, 'resource_id'),
    nameIdFormat: optionalString(body, 'name_id_format'),
    disabled: optionalBoolean(body, 'disabled'),
  };
  if (input.nameIdFormat && !nameIdFormats.has(input.nameIdFormat))
    throw validation(`name_id_format must be unspecified, emailAddress, persistent or transient`);
  if (xml || url) {
    const text = xml ?? (await fetchMetadata(url!));
    input.metadata = { xml: text, url, parsed: parseIdpMetadata(text) };
  }
  return input;
}

async function checkConflicts(q: Queryable, providerId: string, input: ProviderInput): Promise<void> {
  if (input.metadata) {
    const { rows } = await q.query<{ sso_provider_id: string }>(
      'select sso_provider_id from auth.saml_providers where entity_id = $1 and sso_provider_id <> $2',
      [input.metadata.parsed.entityId, providerId],
    );
    if (rows[0])
      throw new AuthError(
        422,
        'saml_idp_already_exists',
        `A SAML provider with this EntityID (${input.metadata.parsed.entityId}) already exists`,
      );
  }
  for (const domain of input.domains ?? []) {
    const { rows } = await q.query<{ sso_provider_id: string }>(
      'select sso_provider_id from auth.sso_domains where lower(domain) = $1 and sso_provider_id <> $2',
      [domain, providerId],
    );
    if (rows[0])
      throw new AuthError(
        400,
        'sso_domain_already_exists',
        `SSO Domain '${domain}' is already assigned to an SSO identity provider (${rows[0].sso_provider_id})`,
      );
  }
  if (input.resourceId) {
    const { rows } = await q.query(
      'select 1 from auth.sso_providers where lower(resource_id) = lower($1) and id <> $2',
      [input.resourceId, providerId],
    );
    if (rows[0]) throw new AuthError(422, 'conflict', `resource_id ${input.resourceId} is already in use`);
  }
}

async function writeDomains(q: Queryable, providerId: string, domains: string[] | undefined): Promise<void> {
  if (domains === undefined) return;
  await q.query('delete from auth.sso_domains where sso_provider_id = $1 and not (lower(domain) = any($2))', [
    providerId,
    domains,
  ]);
  for (const domain of domains) {
    await q.query(
      `insert into auth.sso_domains (id, sso_provider_id, domain, created_at, updated_at)
       select $1, $2, $3, now(), now()
        where not exists (select 1 from auth.sso_domains where sso_provider_id = $2 and lower(domain) = $3)`,
      [crypto.randomUUID(), providerId, domain],
    );
  }
}

export async function adminCreateSsoProvider(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  requireSaml(ctx);
  await requireAdmin(ctx, c);
  const input = await readInput(await readBody(c), true);
  const id = crypto.randomUUID();
  const row = await authTransaction(ctx, async (q) => {
    await checkConflicts(q, id, input);
    await q.query(
      `insert into auth.sso_providers (id, resource_id, disabled, created_at, updated_at)
       values ($1, $2, $3, now(), now())`,
      [id, input.resourceId ?? null, input.disabled ?? null],
    );
    const meta = input.metadata!;
    await q.query(
      `insert into auth.saml_providers (id, sso_provider_id, entity_id, metadata_xml, metadata_url,
          attribute_mapping, name_id_format, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7, now(), now())`,
      [
        crypto.randomUUID(),
        id,
        meta.parsed.entityId,
        meta.xml,
        meta.url ?? null,
        JSON.stringify(input.attributeMapping ?? { keys: {} }),
        input.nameIdFormat ?? null,
      ],
    );
    await writeDomains(q, id, input.domains);
    return (await findSsoProvider(q, id))!;
  });
  return c.json(renderSsoProvider(row), 201);
}

export async function adminUpdateSsoProvider(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  requireSaml(ctx);
  await requireAdmin(ctx, c);
  const input = await readInput(await readBody(c), false);
  const row = await authTransaction(ctx, async (q) => {
    const existing = await findSsoProvider(q, c.req.param('id') ?? '');
    if (!existing) throw new AuthError(404, 'sso_provider_not_found', 'SSO Identity Provider not found');
    if (input.metadata && input.metadata.parsed.entityId !== existing.entity_id)
      throw new AuthError(
        400,
        'saml_entity_id_mismatch',
        'SAML Metadata can be updated only if the EntityID matches for the provider; expected ' +
          `'${existing.entity_id}' but got '${input.metadata.parsed.entityId}'`,
      );
    await checkConflicts(q, existing.id, input);
    await q.query(
      `update auth.sso_providers set resource_id = coalesce($2, resource_id),
          disabled = coalesce($3, disabled), updated_at = now() where id = $1`,
      [existing.id, input.resourceId ?? null, input.disabled ?? null],
    );
    await q.query(
      `update auth.saml_providers set metadata_xml = coalesce($2, metadata_xml),
          metadata_url = coalesce($3, metadata_url), attribute_mapping = coalesce($4::jsonb, attribute_mapping),
          name_id_format = coalesce($5, name_id_format), updated_at = now() where sso_provider_id = $1`,
      [
        existing.id,
        input.metadata?.xml ?? null,
        input.metadata?.url ?? null,
        input.attributeMapping ? JSON.stringify(input.attributeMapping) : null,
        input.nameIdFormat ?? null,
      ],
    );
    await writeDomains(q, existing.id, input.domains);
    return (await findSsoProvider(q, existing.id))!;
  });
  return c.json(renderSsoProvider(row), 200);
}
