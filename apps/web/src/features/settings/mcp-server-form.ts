import { z } from 'zod';
import {
  zName,
  type TMcpServer,
  type TMcpServerCreate,
  type TMcpServerUpdate,
} from '@flowsmith/shared';

/**
 * The MCP server form. Headers are typed one per line as `Name: value`; an edit never shows the
 * saved values: blank keeps them, anything typed replaces them all, and `clearHeaders` drops them.
 */

export const MCP_SERVER_FIELDS = ['name', 'url', 'headers'] as const;

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;

/** `Name: value` lines as headers, or the first problem (with its line number). */
export function parseHeaderLines(
  text: string,
): { ok: true; headers: Record<string, string> } | { ok: false; problem: string } {
  const headers: Record<string, string> = {};
  const lines = text.split('\n');
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    if (!HEADER_NAME.test(name))
      return { ok: false, problem: `Line ${i + 1}: write it as Name: value` };
    headers[name] = line.slice(colon + 1).trim();
  }
  if (Object.keys(headers).length > 20) return { ok: false, problem: 'At most 20 headers' };
  return { ok: true, headers };
}

export const mcpServerFormSchema = z
  .object({
    name: zName('Name', 100),
    url: z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }).max(2000),
    headers: z.string().max(20_000),
    clearHeaders: z.boolean(),
  })
  .superRefine((values, ctx) => {
    const parsed = parseHeaderLines(values.headers);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', path: ['headers'], message: parsed.problem });
  });
export type TMcpServerFormValues = z.infer<typeof mcpServerFormSchema>;

export const mcpServerFormDefaults = (server: TMcpServer | null): TMcpServerFormValues => ({
  name: server?.name ?? '',
  url: server?.url ?? '',
  headers: '',
  clearHeaders: false,
});

const headersOf = (values: TMcpServerFormValues) => {
  const parsed = parseHeaderLines(values.headers);
  return parsed.ok ? parsed.headers : {};
};

export const toCreateBody = (values: TMcpServerFormValues): TMcpServerCreate => ({
  name: values.name,
  url: values.url,
  headers: headersOf(values),
});

export function toUpdateBody(values: TMcpServerFormValues): TMcpServerUpdate {
  const headers = headersOf(values);
  const replace = values.clearHeaders || Object.keys(headers).length > 0;
  return { name: values.name, url: values.url, ...(replace ? { headers } : {}) };
}
