import { z } from 'zod';

export const ZCheckResponse = z.object({
  status: z.enum(['ok', 'error']),
  version: z.string(),
  db: z.enum(['ok', 'down']),
  /** Where mail goes: an SMTP server, or (none configured) the server log. */
  mail: z.enum(['smtp', 'log']),
});
export type TCheckResponse = z.infer<typeof ZCheckResponse>;
