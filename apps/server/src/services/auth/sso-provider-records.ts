// SSO providers as GoTrue stores them (auth.sso_providers with its saml_providers row and
// sso_domains), looked up by id, resource id or e-mail domain, and rendered as GoTrue's
// admin API answers them.
import type { Queryable } from '../../database/database';
import { iso } from './user-records';

export interface AttributeMapping {
  keys?: Record<string, { name?: string; names?: string[]; default?: unknown; array?: boolean }>;
}

export interface SsoProviderRow {
  id: string;
  resource_id: string | null;
  disabled: boolean | null;
  created_at: string;
  updated_at: string;
  saml_id: string;
  entity_id: string;
  metadata_xml: string;
  metadata_url: string | null;
  attribute_mapping: AttributeMapping | null;
  name_id_format: string | null;
  saml_created_at: string;
  saml_updated_at: string;
  domains: { id: string; domain: string; created_at: string; updated_at: string }[];
}

const select = `
  select p.id, p.resource_id, p.disabled, p.created_at, p.updated_at,
         s.id as saml_id, s.entity_id, s.metadata_xml, s.metadata_url, s.attribute_mapping, s.name_id_format,
         s.created_at as saml_created_at, s.updated_at as saml_updated_at,
         coalesce((select jsonb_agg(jsonb_build_object('id', d.id, 'domain', d.domain,
                     'created_at', d.created_at, 'updated_at', d.updated_at) order by d.domain)
                   from auth.sso_domains d where d.sso_provider_id = p.id), '[]'::jsonb) as domains
    from auth.sso_providers p join auth.saml_providers s on s.sso_provider_id = p.id`;

export async function listSsoProviders(q: Queryable, resourceIdPrefix?: string): Promise<SsoProviderRow[]> {
  const { rows } = resourceIdPrefix
    ? await q.query<SsoProviderRow>(`${select} where p.resource_id like $1 order by p.created_at`, [
        `${resourceIdPrefix.replace(/[\\%_]/g, (m) => `\\${m}`)}%`,
      ])
    : await q.query<SsoProviderRow>(`${select} order by p.created_at`);
  return rows;
}

/** By provider id, or (as GoTrue's admin API allows) by resource id. */
export async function findSsoProvider(
  q: Queryable,
  idOrResource: string,
): Promise<SsoProviderRow | undefined> {
  const { rows } = await q.query<SsoProviderRow>(
    `${select} where p.id::text = lower($1) or lower(p.resource_id) = lower($1)`,
    [idOrResource],
  );
  return rows[0];
}

export async function findSsoProviderByDomain(
  q: Queryable,
  domain: string,
): Promise<SsoProviderRow | undefined> {
  const { rows } = await q.query<SsoProviderRow>(
    `${select} where p.id = (select sso_provider_id from auth.sso_domains where lower(domain) = lower($1))`,
    [domain],
  );
  return rows[0];
}

export function renderSsoProvider(row: SsoProviderRow): Record<string, unknown> {
  const saml: Record<string, unknown> = {
    id: row.saml_id,
    entity_id: row.entity_id,
    metadata_xml: row.metadata_xml,
    attribute_mapping: row.attribute_mapping ?? { keys: {} },
    created_at: iso(row.saml_created_at),
    updated_at: iso(row.saml_updated_at),
  };
  if (row.metadata_url) saml.metadata_url = row.metadata_url;
  if (row.name_id_format) saml.name_id_format = row.name_id_format;
  const out: Record<string, unknown> = {
    id: row.id,
    saml,
    domains: row.domains.map((d) => ({ ...d, created_at: iso(d.created_at), updated_at: iso(d.updated_at) })),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
  if (row.resource_id) out.resource_id = row.resource_id;
  if (row.disabled) out.disabled = true;
  return out;
}
