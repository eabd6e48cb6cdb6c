// Signing keys and API keys. On first start an asymmetric signing key pair is generated
// and kept, with the minted API keys, in DATA_DIR/keys.json (mode 0600). A configured
// JWT_SECRET adds an HS256 key so tokens minted elsewhere with that secret verify.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';

export type SigningAlgorithm = 'ES256' | 'RS256' | 'HS256';

export interface StoredKeys {
  /** Private JWKs, newest first; the first one whose alg matches the configured algorithm signs. */
  signingKeys: JWK[];
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  /** Encrypts CPR numbers at rest; kept here, never in the database. */
  cprKey?: string;
  /** Derives each refresh token from its parent (services/auth/refresh-token-chain.ts). */
  refreshTokenKey?: string;
  /** The secret in the development inbox's address (mail/dev-inbox.ts); printed at start. */
  devInboxToken?: string;
}

export interface KeyMaterial {
  algorithm: SigningAlgorithm;
  /** The private JWK (or the HS256 secret) that signs new tokens. */
  signing: { kid: string | undefined; alg: SigningAlgorithm; key: CryptoKey | Uint8Array };
  /** Every key that verifies, by kid; the HS256 secret under the empty kid. */
  verifying: Map<string, { alg: SigningAlgorithm; key: CryptoKey | Uint8Array }>;
  publicJwks: JWK[];
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  /** The CPR encryption key: CPR_ENCRYPTION_KEY, or generated once and kept with the keys. */
  cprKey: string;
  /** The key deriving a refresh token from its parent, so a replayed parent gets its child back. */
  refreshTokenKey: Uint8Array;
  /** The secret the development inbox asks for (in its address, printed at start). */
  devInboxToken: string;
  /** Where the keys are kept, or undefined for in-memory keys (tests). */
  file: string | undefined;
}

export interface KeyOptions {
  dataDir: string | undefined;
  algorithm: SigningAlgorithm;
  jwtSecret: string | undefined;
  anonKey: string | undefined;
  serviceRoleKey: string | undefined;
  cprKey?: string | undefined;
}

async function newPrivateJwk(alg: 'ES256' | 'RS256'): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, alg, kid: crypto.randomUUID(), use: 'sig' };
}

function publicPart(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, k: _k, oth: _oth, ...rest } = jwk;
  return { ...rest, use: 'sig', key_ops: ['verify'] };
}

/**
 * The private JWK as a signing key. Tools often write key_ops ["verify"] (or use) on every
 * key of a set, and Web Crypto refuses a private key with those usages, so they are dropped:
 * this key is here to sign.
 */
async function importSigningKey(jwk: JWK, alg: SigningAlgorithm): Promise<CryptoKey> {
  const { key_ops: _ops, use: _use, ...material } = jwk;
  return (await importJWK(material, alg)) as CryptoKey;
}

function opaqueKey(prefix: string): string {
  return `${prefix}${crypto.randomBytes(24).toString('base64url')}`;
}

function readStored(file: string): StoredKeys | undefined {
  if (!fs.existsSync(file)) return undefined;
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredKeys;
  if (!Array.isArray(parsed.signingKeys))
    throw new Error(`${file} is not a keys file written by this server`);
  return parsed;
}

function writeStored(file: string, keys: StoredKeys): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(keys, null, 2), { mode: 0o600 });
  fs.renameSync(tmp, file);
  fs.chmodSync(file, 0o600);
}

async function mintApiKey(signing: KeyMaterial['signing'], role: 'anon' | 'service_role'): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const header = signing.kid
    ? { alg: signing.alg, typ: 'JWT', kid: signing.kid }
    : { alg: signing.alg, typ: 'JWT' };
  return new SignJWT({ iss: 'supabase', role })
    .setProtectedHeader(header)
    .setIssuedAt(now)
    .setExpirationTime(now + 10 * 365 * 24 * 3600)
    .sign(signing.key);
}

/** Loads the keys from the data directory, creating what is missing. */
export async function loadKeys(options: KeyOptions): Promise<KeyMaterial> {
  if (options.algorithm === 'HS256' && !options.jwtSecret) {
    throw new Error('JWT_ALGORITHM=HS256 needs JWT_SECRET');
  }
  const file = options.dataDir ? path.join(options.dataDir, 'keys.json') : undefined;
  const stored = file ? readStored(file) : undefined;
  let changed = stored === undefined;
  const signingKeys = stored?.signingKeys ?? [];
  if (options.algorithm !== 'HS256' && !signingKeys.some((k) => k.alg === options.algorithm)) {
    signingKeys.unshift(await newPrivateJwk(options.algorithm));
    changed = true;
  }

  const verifying: KeyMaterial['verifying'] = new Map();
  for (const jwk of signingKeys) {
    if (!jwk.kid || (jwk.alg !== 'ES256' && jwk.alg !== 'RS256')) continue;
    verifying.set(jwk.kid, {
      alg: jwk.alg as SigningAlgorithm,
      key: (await importJWK(publicPart(jwk), jwk.alg)) as CryptoKey,
    });
  }
  const secret = options.jwtSecret ? new TextEncoder().encode(options.jwtSecret) : undefined;
  if (secret) verifying.set('', { alg: 'HS256', key: secret });

  let signing: KeyMaterial['signing'];
  if (options.algorithm === 'HS256') {
    signing = { kid: undefined, alg: 'HS256', key: secret! };
  } else {
    const jwk = signingKeys.find((k) => k.alg === options.algorithm)!;
    signing = { kid: jwk.kid, alg: options.algorithm, key: await importSigningKey(jwk, options.algorithm) };
  }

  const anonKey = options.anonKey ?? stored?.anonKey ?? (await mintApiKey(signing, 'anon'));
  const serviceRoleKey =
    options.serviceRoleKey ?? stored?.serviceRoleKey ?? (await mintApiKey(signing, 'service_role'));
  const publishableKey = stored?.publishableKey ?? opaqueKey('sb_publishable_');
  const secretKey = stored?.secretKey ?? opaqueKey('sb_secret_');
  const cprKey = options.cprKey ?? stored?.cprKey ?? crypto.randomBytes(32).toString('base64url');
  const refreshTokenKey = stored?.refreshTokenKey ?? crypto.randomBytes(32).toString('base64url');
  const devInboxToken = stored?.devInboxToken ?? crypto.randomBytes(24).toString('base64url');
  if (
    !stored ||
    stored.anonKey === undefined ||
    stored.publishableKey === undefined ||
    stored.refreshTokenKey === undefined ||
    stored.devInboxToken === undefined ||
    (!options.cprKey && !stored.cprKey)
  ) {
    changed = true;
  }

  if (file && changed) {
    writeStored(file, {
      signingKeys,
      anonKey: stored?.anonKey ?? (options.anonKey ? (stored?.anonKey ?? '') : anonKey),
      serviceRoleKey:
        stored?.serviceRoleKey ?? (options.serviceRoleKey ? (stored?.serviceRoleKey ?? '') : serviceRoleKey),
      publishableKey,
      secretKey,
      ...(options.cprKey ? (stored?.cprKey ? { cprKey: stored.cprKey } : {}) : { cprKey }),
      refreshTokenKey,
      devInboxToken,
    });
  }

  return {
    algorithm: options.algorithm,
    signing,
    verifying,
    publicJwks: signingKeys.filter((k) => k.kty !== 'oct').map(publicPart),
    anonKey,
    serviceRoleKey,
    publishableKey,
    secretKey,
    cprKey,
    refreshTokenKey: Buffer.from(refreshTokenKey, 'base64url'),
    devInboxToken,
    file,
  };
}
