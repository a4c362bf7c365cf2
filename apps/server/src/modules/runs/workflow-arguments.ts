import { z } from 'zod';
import type { TEntryInput } from '@flowsmith/engine';
import { inputValueSchema } from '@flowsmith/shared';

/** A name models and MCP clients accept: lower-case letters, digits and `_`, at most 50. */
export const toolSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50) || 'workflow';

/**
 * The arguments of a workflow run as a zod object: one field per input, typed by its value type,
 * described for the model; inputs with a default may be left out.
 */
export function workflowInputsSchema(inputs: TEntryInput[]) {
  return z.object(
    Object.fromEntries(
      inputs.map((input) => {
        const field = inputValueSchema(input.valueType).describe(
          input.description || `The "${input.name}" input`,
        );
        const optional = input.defaultValue !== null && input.defaultValue !== undefined;
        return [input.name, optional ? field.optional() : field];
      }),
    ),
  );
}
