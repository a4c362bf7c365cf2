import { z } from 'zod';
import {
  valueTypeError,
  ZValueType,
  zName,
  zText,
  type TDatabaseValue,
  type TValueTypeCode,
} from '@flowsmith/shared';

/** The value form, checked like the server checks it: the value must fit its type. */
export const ZValueForm = z
  .object({
    key: zName('Key', 500),
    type: ZValueType,
    value: zText('Value', 100_000),
  })
  .refine((form) => !valueTypeError(form.type, form.value), {
    path: ['value'],
    error: (issue) => {
      const form = issue.input as { type: TValueTypeCode; value: string };
      return valueTypeError(form.type, form.value);
    },
    // Also when the key is missing, so every problem shows at once.
    when: ({ value }) => {
      const form = value as { type?: unknown; value?: unknown };
      return ZValueType.safeParse(form.type).success && typeof form.value === 'string';
    },
  });
export type TValueForm = z.infer<typeof ZValueForm>;

const isValueType = (type: string): type is TValueTypeCode => ZValueType.safeParse(type).success;

/** What the form starts with: the stored value, or an empty text value. */
export function valueFormDefaults(value: TDatabaseValue | null): TValueForm {
  if (!value) return { key: '', type: 'text', value: '' };
  return {
    key: value.key,
    type: isValueType(value.type) ? value.type : 'text',
    value: value.value,
  };
}

/** Placeholder of each type's editor: an example of a valid value. */
export const valuePlaceholders: Record<TValueTypeCode, string> = {
  text: 'Any text',
  number: 'e.g. 42 or 3.14',
  boolean: '',
  json: '{ "name": "Ada", "tags": ["math"] }',
  date: 'yyyy-mm-dd, e.g. 2026-01-31',
};
