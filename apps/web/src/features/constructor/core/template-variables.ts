import type { TNodeHandle } from '@flowsmith/shared';

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
