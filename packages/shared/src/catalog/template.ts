/**
 * Handle names and template variables follow one rule, since each variable of a template becomes
 * an input of the node: a letter or _, then letters, digits and _, at most 64 characters.
 */
export const MAX_NAME_LENGTH = 64;
const NAME = `[A-Za-z_][A-Za-z0-9_]{0,${MAX_NAME_LENGTH - 1}}`;
export const NAME_PATTERN = new RegExp(`^${NAME}$`);
export const NAME_RULE = `Names are letters, digits and _, starting with a letter (at most ${MAX_NAME_LENGTH})`;

// `{{ name }}`; a longer name could never be an input, so it stays text.
const VARIABLE = new RegExp(`\\{\\{\\s*(${NAME})\\s*\\}\\}`, 'g');

/** The `{{name}}` variables a prompt template uses, each once, in order of appearance. */
export function templateVariables(template: string): string[] {
  return [...new Set([...template.matchAll(VARIABLE)].map((match) => match[1]!))];
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * Fills `{{name}}` from the values' own keys (never inherited ones such as `constructor`);
 * objects become JSON, missing values empty text.
 */
export function renderTemplate(
  template: string,
  values: Readonly<Record<string, unknown>>,
): string {
  return template.replace(VARIABLE, (_match, name: string) =>
    Object.hasOwn(values, name) ? asText(values[name]) : '',
  );
}
