import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs with no configuration at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://localhost:3000',
      providers: { openai: undefined, anthropic: undefined, openaiCompatible: undefined },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/flowsmith',
      SMTP_URL: 'smtp://u:p@mail:587',
      PUBLIC_URL: 'https://flows.example.com/',
      OPENAI_COMPATIBLE_BASE_URL: 'http://localhost:11434/v1',
      OPENAI_COMPATIBLE_MODELS: 'llama3, qwen2 ,',
      ANTHROPIC_API_KEY: 'sk-ant',
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://flows.example.com');
    expect(config.providers.openaiCompatible?.models).toEqual(['llama3', 'qwen2']);
    expect(config.providers.anthropic).toEqual({ apiKey: 'sk-ant' });
    expect(loadConfig({ AUTH_RATE_LIMIT: '50' }).authRateLimit.max).toBe(50);
  });

  it('names every bad variable at once', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'nope',
        SECRET_KEY: 'short',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'SECRET_KEY'])
        expect(problems).toContain(name);
      expect((error as Error).message).toContain('postgres://');
    }
  });

  it('allows private provider URLs only on an instance reached at localhost, unless told', () => {
    expect(loadConfig({}).allowPrivateProviderUrls).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).allowPrivateProviderUrls).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://flows.example.com' }).allowPrivateProviderUrls).toBe(
      false,
    );
    expect(
      loadConfig({ PUBLIC_URL: 'https://flows.example.com', ALLOW_PRIVATE_PROVIDER_URLS: 'true' })
        .allowPrivateProviderUrls,
    ).toBe(true);
    expect(loadConfig({ ALLOW_PRIVATE_PROVIDER_URLS: 'false' }).allowPrivateProviderUrls).toBe(
      false,
    );
    expect(() => loadConfig({ ALLOW_PRIVATE_PROVIDER_URLS: 'yes' })).toThrow(
      /ALLOW_PRIVATE_PROVIDER_URLS must be true or false/,
    );
  });

  it('reads the import size limit, up to what the web app sends', () => {
    expect(loadConfig({}).importMaxBytes).toBe(100 * 1024 * 1024);
    expect(loadConfig({ IMPORT_MAX_BYTES: '1048576' }).importMaxBytes).toBe(1048576);
    expect(() => loadConfig({ IMPORT_MAX_BYTES: String(200 * 1024 * 1024) })).toThrow(
      /IMPORT_MAX_BYTES must be at most/,
    );
    expect(() => loadConfig({ IMPORT_MAX_BYTES: 'lots' })).toThrow(/IMPORT_MAX_BYTES/);
  });

  it('trusts no proxy by default, and reads a hop count or a list of addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: ' 10.0.0.5, 192.168.0.0/16,::1,loopback ' }).trustProxy,
    ).toEqual(['10.0.0.5', '192.168.0.0/16', '::1', 'loopback']);
  });

  it.each(['true', 'proxy.local', '10.0.0.0/33', '10.0.0.1/8/8', ',', '300.1.1.1'])(
    'refuses TRUST_PROXY=%s with a message saying what it takes',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY must be a hop count .*(list of proxy addresses|X-Forwarded-For)/,
      );
    },
  );

  it('leaves the file store to the database unless FILE_STORE names one', () => {
    expect(loadConfig({}).fileStore).toBeUndefined();
    expect(loadConfig({ FILE_STORE: '' }).fileStore).toBeUndefined();
    expect(loadConfig({ FILE_STORE: 'local' }).fileStore).toBe('local');
    expect(loadConfig({ FILE_STORE: 'postgres' }).fileStore).toBe('postgres');
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(/FILE_STORE must be local or postgres/);
  });
});
