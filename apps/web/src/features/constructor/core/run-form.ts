import {
  inputValueTypeOf,
  parseInputValue,
  type TInputValueType,
  type TRunInputField,
} from '@flowsmith/shared';

/** The editors of the run dialog, by the entry node's value type. */
export type TRunValueType = TInputValueType;
export type TRunFormField = Omit<TRunInputField, 'valueType'> & { valueType: TRunValueType };
/** Form values by input name: strings, except numbers (number or null). */
export type TRunFormValues = Record<string, string | number | null>;
export type TRunFormErrors = Record<string, string>;

/**
 * The dialog's fields: one per input name (two entry nodes with the same name take one value,
 * as the run does), unknown value types asked as text.
 */
export function runFormFields(items: readonly TRunInputField[]): TRunFormField[] {
  const seen = new Set<string>();
  const fields: TRunFormField[] = [];
  for (const item of items) {
    if (seen.has(item.name)) continue;
    seen.add(item.name);
    fields.push({ ...item, valueType: inputValueTypeOf(item.valueType) });
  }
  return fields;
}

function initialValue(field: TRunFormField): string | number | null {
  const value = field.defaultValue;
  if (field.valueType === 'number') {
    if (typeof value === 'number') return value;
    const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    return Number.isFinite(parsed) ? parsed : null;
  }
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return field.valueType === 'json' ? JSON.stringify(value, null, 2) : String(value);
}

/** The defaults of the entry nodes, ready to edit. */
export function initialRunValues(fields: readonly TRunFormField[]): TRunFormValues {
  return Object.fromEntries(fields.map((field) => [field.name, initialValue(field)]));
}

/** A message per field the run would refuse (as the run itself would); empty when it may start. */
export function validateRunValues(
  fields: readonly TRunFormField[],
  values: TRunFormValues,
): TRunFormErrors {
  const errors: TRunFormErrors = {};
  for (const field of fields) {
    const parsed = parseInputValue(field.valueType, values[field.name] ?? null);
    if (!parsed.ok) errors[field.name] = `${field.label} ${parsed.problem}`;
  }
  return errors;
}

/** `inputs` of `POST /api/runs`: numbers as numbers, JSON parsed, text as typed. */
export function toRunInputs(
  fields: readonly TRunFormField[],
  values: TRunFormValues,
): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name] ?? null;
    const parsed = parseInputValue(field.valueType, value);
    if (field.valueType === 'number' || field.valueType === 'json')
      inputs[field.name] = parsed.ok ? parsed.value : value;
    else inputs[field.name] = value === null ? '' : String(value);
  }
  return inputs;
}

type TKey = { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean };

/**
 * Whether a key press in a field starts the run: Ctrl/Cmd+Enter anywhere; plain Enter in a
 * number field and in a text field (Shift+Enter adds a line there); JSON keeps Enter for lines.
 */
export function isRunKey(event: TKey, valueType: TRunValueType): boolean {
  if (event.key !== 'Enter') return false;
  if (event.ctrlKey || event.metaKey) return true;
  if (event.shiftKey) return false;
  return valueType !== 'json';
}
