import type { TNodeHandle } from '@flowsmith/shared';

/** Kinds whose inputs are the `{{variables}}` of their prompt template. */
export const TEMPLATE_KINDS: readonly string[] = ['ai_processor', 'ai_image'];

// Same name rule as a handle name (ZHandleName): a variable that could not be a handle is text.
const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,63})\s*\}\}/g;

/** The distinct variable names of a template, in the order they first appear. */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(VARIABLE)) {
    const name = match[1]!;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

export type TInputSync = { add: string[]; remove: TNodeHandle[] };

/** Which inputs to create and which to delete so that they match the template's variables. */
export function planInputSync(
  inputs: readonly TNodeHandle[],
  variables: readonly string[],
): TInputSync {
  const existing = new Set(inputs.map((input) => input.name));
  return {
    add: variables.filter((name) => !existing.has(name)),
    remove: inputs.filter((input) => !variables.includes(input.name)),
  };
}

/** `user_name` → `User name`: the label a new input shows on the node. */
export function labelFor(name: string): string {
  const words = name.replace(/_/g, ' ').trim();
  return words ? `${words[0]!.toUpperCase()}${words.slice(1)}` : name;
}
