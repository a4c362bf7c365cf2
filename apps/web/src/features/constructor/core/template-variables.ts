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

/** A connected input the template no longer uses, and the new variable it may move to. */
export type TInputRename = { from: string; to: string | null };

/**
 * The connected inputs a template edit would remove, each paired with a variable the edit adds,
 * in the order the old template used them: renaming `{{input}}` to `{{question}}` offers to
 * move the wire, not drop it.
 */
export function renamedInputs(
  plan: TInputSync,
  connected: ReadonlySet<string>,
  previous: readonly string[],
): TInputRename[] {
  const place = (name: string) => {
    const index = previous.indexOf(name);
    return index < 0 ? previous.length : index;
  };
  const lost = plan.remove
    .filter((input) => connected.has(input.name))
    .sort((a, b) => place(a.name) - place(b.name));
  return lost.map((input, index) => ({ from: input.name, to: plan.add[index] ?? null }));
}

/** `user_name` → `User name`: the label a new input shows on the node. */
export function labelFor(name: string): string {
  const words = name.replace(/_/g, ' ').trim();
  return words ? `${words[0]!.toUpperCase()}${words.slice(1)}` : name;
}
