import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 54321,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:54321',
      siteUrl: 'http://localhost:54321',
      jwtAlgorithm: 'ES256',
      logLevel: 'info',
    });
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db',
        JWT_SECRET: 'short',
        LOG_LEVEL: 'loud',
        SITE_URL: 'not a url',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT: /m);
    expect(problems).toMatch(/^DATABASE_URL: must be a postgres/m);
    expect(problems).toMatch(/^JWT_SECRET: must be at least 32 characters/m);
    expect(problems).toMatch(/^LOG_LEVEL: /m);
    expect(problems).toMatch(/^SITE_URL: must be an absolute URL/m);
  });

  it('requires a secret for HS256 signing', () => {
    expect(() => loadConfig({ JWT_ALGORITHM: 'HS256' })).toThrow(/JWT_ALGORITHM: HS256 needs JWT_SECRET/);
  });

  it('answers plain data reads on the fast path unless told not to', () => {
    expect(loadConfig({}).rest.fastReads).toBe(true);
    expect(loadConfig({ REST_FAST_READS: 'false' }).rest.fastReads).toBe(false);
    expect(() => loadConfig({ REST_FAST_READS: 'sometimes' })).toThrow(/REST_FAST_READS/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', JWT_SECRET: '  ' })).toMatchObject({
      databaseUrl: undefined,
      jwtSecret: undefined,
    });
  });
});
