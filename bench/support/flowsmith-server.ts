import { startBuiltServer } from '../../apps/server/src/test/built-server';

export type TFlowsmithServer = {
  url: string;
  /** The server's process id (its memory is read from /proc). */
  pid: number;
  /** The token of the latest verification link the server logged for that address. */
  verificationToken(email: string): Promise<string>;
  stop(): Promise<void>;
};

/**
 * A real Flowsmith server (built web app, embedded database, throw-away data directory), as
 * the e2e fixture starts it. Without SMTP_URL it logs mails, which is where links are read.
 * `serverOnly`: runs the server's build directly, for what needs no web app; `env` adds settings.
 */
export async function startFlowsmith({
  serverOnly = false,
  env = {},
}: { serverOnly?: boolean; env?: Record<string, string> } = {}): Promise<TFlowsmithServer> {
  const server = await startBuiltServer(
    { LOG_LEVEL: 'info', ...env },
    'flowsmith-bench-',
    serverOnly ? 'apps/server/dist/server.js' : undefined,
  );

  return {
    url: server.url,
    pid: server.pid,
    async verificationToken(email) {
      const until = Date.now() + 15_000;
      while (Date.now() < until) {
        const lines = server
          .log()
          .split('\n')
          .filter((line) => line.includes(email));
        const match = lines.at(-1)?.match(/verify-email\?token=([A-Za-z0-9._~%-]+)/);
        if (match) return decodeURIComponent(match[1]!);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no verification mail for ${email} in the server log`);
    },
    stop: server.stop,
  };
}
