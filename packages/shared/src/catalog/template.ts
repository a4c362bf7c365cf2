const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The `{{name}}` variables a prompt template uses, each once, in order of appearance. */
export function templateVariables(template: string): string[] {
  return [...new Set([...template.matchAll(VARIABLE)].map((match) => match[1]!))];
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Fills `{{name}}` from the values; objects become JSON, missing values empty text. */
export function renderTemplate(template: string, values: Record<string, unknown>): string {
  return template.replace(VARIABLE, (_match, name: string) => asText(values[name]));
}
