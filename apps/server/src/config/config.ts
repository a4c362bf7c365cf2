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
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  secretKey: string | undefined;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  /** Readable lines for a person at a terminal; JSON lines for log collectors. */
  logFormat: 'pretty' | 'json';
  webDistDir: string;
  authRateLimit: TRateLimit;
  /** The proxies whose `X-Forwarded-For` names the client (rate limits key on that address). */
  trustProxy: TTrustProxy;
  runs: TRunSettings;
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
  return {
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    secretKey: e.SECRET_KEY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    authRateLimit: { max: e.AUTH_RATE_LIMIT, timeWindowMs: 60_000 },
    trustProxy: e.TRUST_PROXY,
    importMaxBytes: MAX_IMPORT_BYTES,
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
