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
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  // Another Stripe API server, such as stripe-mock.
  STRIPE_API_URL: optionalUrl(/^https?:$/, 'http://localhost:12111'),
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
  RUN_QUEUE: z
    .enum(['in-process', 'pg-boss'], { error: 'must be in-process or pg-boss' })
    .optional(),
  RUN_CONCURRENCY: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(10_000, 'must be at most 10000')
    .default(50),
  RUN_LEASE_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(3, 'must be at least 3')
    .max(3600, 'must be at most 3600')
    .default(30),
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(3600, 'must be at most 3600')
    .default(20),
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
  /** pg-boss needs PostgreSQL; the in-process queue works on either database. */
  queue: 'in-process' | 'pg-boss';
  concurrency: number;
  /** Runs this process executes at once; 0 for a server that leaves runs to workers. */
  parallelRuns: number;
  /** How long a run's process may go without renewing its lease before another takes over. */
  leaseMs: number;
  /** How often a process renews the leases of its runs: well within `leaseMs`. */
  heartbeatMs: number;
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
  /** How long a stopping process lets its running runs finish before it interrupts them. */
  shutdownGraceMs: number;
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
  /** Payments through Stripe Checkout; unset: the `local` provider activates at once. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
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
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError([
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together (or neither)',
    ]);
  }
  if (e.RUN_QUEUE === 'pg-boss' && !e.DATABASE_URL)
    throw new ConfigError(['RUN_QUEUE pg-boss needs PostgreSQL: set DATABASE_URL as well']);
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
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
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
      queue: e.RUN_QUEUE ?? (e.DATABASE_URL ? 'pg-boss' : 'in-process'),
      concurrency: 4,
      parallelRuns: e.RUN_CONCURRENCY,
      leaseMs: e.RUN_LEASE_SECONDS * 1000,
      heartbeatMs: Math.round((e.RUN_LEASE_SECONDS * 1000) / 3),
      nodeTimeoutMs: 60_000,
      retry: { retries: 3, baseDelayMs: 500, maxDelayMs: 30_000 },
    },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
          }
        : undefined,
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
