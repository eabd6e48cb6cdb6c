// The server's configuration: the only module that reads process.env.
// Everything is parsed and validated once at start; an invalid environment stops
// the process with every problem listed (see main.ts).
import { z } from 'zod';
import { authEnv, readAuthConfig } from './config-sections/auth';
import { domainEnv, readDomainConfig } from './config-sections/domain';
import { functionsEnv, readFunctionsConfig } from './config-sections/functions';
import { readRealtimeConfig, realtimeEnv } from './config-sections/realtime';
import { operationsEnv, readOperationsConfig } from './config-sections/operations';
import { readRestConfig, restEnv } from './config-sections/rest';
import { readStorageConfig, storageEnv } from './config-sections/storage';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(54321),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalString.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: 'must be a postgres:// or postgresql:// URL (leave it unset for the embedded database)',
    }),
    PUBLIC_URL: optionalString.refine((v) => v === undefined || URL.canParse(v), {
      message: 'must be an absolute URL such as https://club.example.dk',
    }),
    SITE_URL: optionalString.refine((v) => v === undefined || URL.canParse(v), {
      message: 'must be an absolute URL such as https://club.example.dk',
    }),
    JWT_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
      message: 'must be at least 32 characters long',
    }),
    JWT_ALGORITHM: z.enum(['ES256', 'RS256', 'HS256']).default('ES256'),
    JWT_EXPIRY: z.coerce.number().int().min(30).max(604800).default(3600),
    ANON_KEY: optionalString,
    SERVICE_ROLE_KEY: optionalString,
    CPR_ENCRYPTION_KEY: optionalString.refine((v) => v === undefined || v.length >= 16, {
      message: 'must be at least 16 characters long',
    }),
    APP_NAME: z.string().min(1).default('Club Platform'),
    LOG_LEVEL: z.enum(logLevels).default('info'),
    MAX_BODY_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(10 * 1024 * 1024),
    TRUST_PROXY: boolish,
    DEMO_DATA: z
      .enum(['true', 'false', ''])
      .optional()
      .transform((v) => v !== 'false'),
    MIGRATIONS_DIR: optionalString,
  })
  .extend(authEnv.shape)
  .extend(restEnv.shape)
  .extend(storageEnv.shape)
  .extend(realtimeEnv.shape)
  .extend(functionsEnv.shape)
  .extend(domainEnv.shape)
  .extend(operationsEnv.shape)
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    publicUrl: env.PUBLIC_URL ?? `http://${displayHost(env.HOST)}:${env.PORT}`,
    siteUrl: env.SITE_URL ?? env.PUBLIC_URL ?? `http://${displayHost(env.HOST)}:${env.PORT}`,
    jwtSecret: env.JWT_SECRET,
    jwtAlgorithm: env.JWT_ALGORITHM,
    jwtExpiry: env.JWT_EXPIRY,
    anonKey: env.ANON_KEY,
    serviceRoleKey: env.SERVICE_ROLE_KEY,
    cprEncryptionKey: env.CPR_ENCRYPTION_KEY,
    appName: env.APP_NAME,
    logLevel: env.LOG_LEVEL,
    maxBodyBytes: env.MAX_BODY_BYTES,
    trustProxy: env.TRUST_PROXY,
    demoData: env.DEMO_DATA,
    /** The project's migrations (default supabase/migrations); an empty folder gives a bare platform. */
    migrationsDir: env.MIGRATIONS_DIR,
    auth: readAuthConfig(env),
    rest: readRestConfig(env),
    storage: readStorageConfig(env),
    realtime: readRealtimeConfig(env),
    functions: readFunctionsConfig(env),
    domain: readDomainConfig(env),
    operations: readOperationsConfig(env, env.DATA_DIR),
  }))
  .superRefine((config, ctx) => {
    if (config.operations.backup.schedule && !config.operations.backup.passphrase) {
      ctx.addIssue({
        code: 'custom',
        path: ['BACKUP_SCHEDULE'],
        message: 'scheduled backups are encrypted: set BACKUP_PASSPHRASE as well',
      });
    }
    if (
      config.operations.backup.s3Bucket &&
      config.storage.s3.endpoint === undefined &&
      !config.storage.s3.accessKeyId
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['BACKUP_S3_BUCKET'],
        message: 'needs the STORAGE_S3_* connection settings (endpoint or access key)',
      });
    }
    if (config.jwtAlgorithm === 'HS256' && !config.jwtSecret) {
      ctx.addIssue({ code: 'custom', path: ['JWT_ALGORITHM'], message: 'HS256 needs JWT_SECRET to be set' });
    }
  });

export type Config = z.output<typeof configSchema>;

function displayHost(host: string): string {
  return host === '0.0.0.0' || host === '127.0.0.1' || host === '::' ? 'localhost' : host;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment (process.env in main.ts, a plain object in tests). */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = issue.path.join('.') || 'environment';
      return `${name}: ${issue.message}`;
    });
    throw new ConfigError(problems);
  }
  return result.data;
}
