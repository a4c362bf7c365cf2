import { z } from 'zod';

export const ZCheckResponse = z.object({
  status: z.enum(['ok', 'error']),
  version: z.string(),
  db: z.enum(['ok', 'down']),
});
export type TCheckResponse = z.infer<typeof ZCheckResponse>;
