import path from 'node:path';
import { z } from 'zod';
import { MAX_IMPORT_BYTES } from '@flowsmith/shared';
import { repoRoot } from '../paths';
import { parseTrustProxy, type TTrustProxy } from './trust-proxy';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = (protocols: RegExp, example: string) =>
  optionalString.refine((value) => value === undefined || isUrl(value, protocols), {
    message: `must be a URL like ${example}`,
  });

function isUrl(value: string, protocols: RegExp): boolean {
  try {
    return protocols.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

const ZEnv = z.object({
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'postgres://user:pass@host:5432/db'),
  FILE_STORE: z.enum(['local', 'postgres', ''], { error: 'must be local or postgres' }).optional(),
  SMTP_URL: optionalUrl(/^smtps?:$/, 'smtp://user:pass@host:587'),
  MAIL_FROM: z.string().default('Flowsmith <no-reply@localhost>'),
  PUBLIC_URL: optionalUrl(/^https?:$/, 'https://flowsmith.example.com'),
  SECRET_KEY: optionalString.refine((value) => value === undefined || value.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  AUTH_RATE_LIMIT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(10),
  AUTH_ACCOUNT_RATE_LIMIT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(10),
  ALLOW_PRIVATE_PROVIDER_URLS: z
    .enum(['true', 'false', ''], { error: 'must be true or false' })
    .optional(),
  IMPORT_MAX_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int('must be a whole number of bytes')
    .min(1024, 'must be at least 1024 bytes')
    .max(MAX_IMPORT_BYTES, `must be at most ${MAX_IMPORT_BYTES} bytes (100 MB)`)
    .default(MAX_IMPORT_BYTES),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, context) => {
      const parsed = parseTrustProxy(raw);
      if ('value' in parsed) return parsed.value;
      context.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    }),
  LOG_FORMAT: z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl(/^https?:$/, 'https://api.openai.com/v1'),
  ANTHROPIC_API_KEY: optionalString,
  OPENAI_COMPATIBLE_BASE_URL: optionalUrl(/^https?:$/, 'http://localhost:11434/v1'),
  OPENAI_COMPATIBLE_API_KEY: optionalString,
  OPENAI_COMPATIBLE_MODELS: optionalString,
});

export type TRateLimit = { max: number; timeWindowMs: number };

/** How runs execute: nodes at once per run, runs at once, a node's time limit, and retries. */
export type TRunSettings = {
  concurrency: number;
  parallelRuns: number;
  nodeTimeoutMs: number;
  retry: { retries: number; baseDelayMs: number; maxDelayMs: number };
};

export type TConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where generated files are kept; left out, in the database on PostgreSQL, else locally. */
  fileStore: 'local' | 'postgres' | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  secretKey: string | undefined;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  /** Readable lines for a person at a terminal; JSON lines for log collectors. */
  logFormat: 'pretty' | 'json';
  webDistDir: string;
  authRateLimit: TRateLimit;
  /** Sign-in attempts per account (or per browser that signed in to it before) in a window. */
  accountSignInLimit: TRateLimit;
  /** The proxies whose `X-Forwarded-For` names the client (rate limits key on that address). */
  trustProxy: TTrustProxy;
  runs: TRunSettings;
  /**
   * Whether user-given URLs (provider base URLs) may lead the server to private, loopback or
   * link-local addresses; environment-configured providers are always trusted.
   */
  allowPrivateProviderUrls: boolean;
  /** The largest file a database import accepts. */
  importMaxBytes: number;
  providers: {
    openai: { apiKey: string; baseUrl: string | undefined } | undefined;
    anthropic: { apiKey: string } | undefined;
    openaiCompatible: { baseUrl: string; apiKey: string | undefined; models: string[] } | undefined;
  };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * An instance reached at localhost is one person's own: their model server on this machine
 * (Ollama, LM Studio) is what they mean, not an attack.
 */
function servesOnlyThisMachine(publicUrl: string): boolean {
  const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): TConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`),
    );
  }
  const e = parsed.data;
  const port = e.PORT;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    fileStore: e.FILE_STORE || undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    secretKey: e.SECRET_KEY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    authRateLimit: { max: e.AUTH_RATE_LIMIT, timeWindowMs: 60_000 },
    accountSignInLimit: { max: e.AUTH_ACCOUNT_RATE_LIMIT, timeWindowMs: 15 * 60_000 },
    trustProxy: e.TRUST_PROXY,
    allowPrivateProviderUrls: e.ALLOW_PRIVATE_PROVIDER_URLS
      ? e.ALLOW_PRIVATE_PROVIDER_URLS === 'true'
      : servesOnlyThisMachine(publicUrl),
    importMaxBytes: e.IMPORT_MAX_BYTES,
    runs: {
      concurrency: 4,
      parallelRuns: 2,
      nodeTimeoutMs: 120_000,
      retry: { retries: 3, baseDelayMs: 500, maxDelayMs: 30_000 },
    },
    providers: {
      openai: e.OPENAI_API_KEY
        ? { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL }
        : undefined,
      anthropic: e.ANTHROPIC_API_KEY ? { apiKey: e.ANTHROPIC_API_KEY } : undefined,
      openaiCompatible: e.OPENAI_COMPATIBLE_BASE_URL
        ? {
            baseUrl: e.OPENAI_COMPATIBLE_BASE_URL,
            apiKey: e.OPENAI_COMPATIBLE_API_KEY,
            models: (e.OPENAI_COMPATIBLE_MODELS ?? '')
              .split(',')
              .map((model) => model.trim())
              .filter(Boolean),
          }
        : undefined,
    },
  };
}
