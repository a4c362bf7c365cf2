import { test as base, expect } from '@playwright/test';
import { startBuiltServer } from '../../apps/server/src/test/built-server';
import { startFakeOpenAiServer } from '../../apps/server/src/test/fake-openai-server';
import {
  linkTokenFrom,
  startSmtpTestServer,
  verificationTokenFrom,
} from '../../apps/server/src/test/smtp-test-server';
import { signUpAndIn } from './auth';

type TFlowsmith = {
  url: string;
  /** The verification link from the latest mail to that address. */
  verificationLink(email: string): Promise<string>;
  /** The link to `path` (e.g. `/reset-password`) from the latest mail to that address holding one. */
  mailedLink(email: string, path: string): Promise<string>;
};

type TTestFixtures = {
  /**
   * Who is signed in on `page` as the test starts: a newcomer registered, verified and signed in
   * through the UI under this name. Nobody unless a spec says so:
   * `test.use({ signedInAs: 'Ada Lovelace' })`.
   */
  signedInAs: string | null;
};

type TWorkerFixtures = {
  /**
   * Starts a local OpenAI-compatible model server (apps/server/src/test/fake-openai-server.ts)
   * and points the server's `compatible:` provider at it, so `compatible:tiny-chat` streams
   * and `compatible:hanging-chat` never answers. Off by default: `test.use({ fakeModels: true })`.
   */
  fakeModels: boolean;
  flowsmith: TFlowsmith;
};

/** A real Flowsmith server (built web app, embedded database) mailing through a real SMTP server. */
export const test = base.extend<TTestFixtures, TWorkerFixtures>({
  signedInAs: [null, { option: true }],
  page: async ({ page, signedInAs, flowsmith }, use) => {
    if (signedInAs !== null) await signUpAndIn(page, flowsmith.verificationLink, signedInAs);
    await use(page);
  },
  fakeModels: [false, { scope: 'worker', option: true }],
  flowsmith: [
    async ({ fakeModels }, use) => {
      const models = fakeModels ? await startFakeOpenAiServer() : null;
      const smtp = await startSmtpTestServer();
      const server = await startBuiltServer(
        {
          SMTP_URL: smtp.url,
          LOG_LEVEL: 'warn',
          // Every test signs in from the same address, far more often than a person would.
          AUTH_RATE_LIMIT: '10000',
          // Two runs at once, so tests can hold a run queued behind two that hang.
          RUN_CONCURRENCY: '2',
          ...(models ? { OPENAI_COMPATIBLE_BASE_URL: models.baseUrl } : {}),
        },
        'flowsmith-e2e-',
      );
      const { url } = server;
      try {
        await use({
          url,
          async verificationLink(email) {
            const token = verificationTokenFrom(await smtp.waitForMail(email, 15_000));
            return `${url}/verify-email?token=${encodeURIComponent(token)}`;
          },
          async mailedLink(email, linkPath) {
            await expect
              .poll(
                () =>
                  smtp.received.some(
                    (m) => m.to.includes(email) && m.text.includes(`${linkPath}?token=`),
                  ),
                {
                  timeout: 15_000,
                },
              )
              .toBe(true);
            const mail = smtp.received.findLast(
              (m) => m.to.includes(email) && m.text.includes(`${linkPath}?token=`),
            )!;
            return `${url}${linkPath}?token=${encodeURIComponent(linkTokenFrom(mail, linkPath))}`;
          },
        });
      } finally {
        await server.stop();
        await smtp.close();
        await models?.close();
      }
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ flowsmith }, use) => use(flowsmith.url),
});

export { expect };
