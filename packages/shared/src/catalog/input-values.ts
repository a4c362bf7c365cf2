import { z } from 'zod';

/** How the value of an entry node is typed when a run starts. */
export const inputValueTypes = ['text', 'number', 'json', 'file'] as const;
export type TInputValueType = (typeof inputValueTypes)[number];

export const inputValueTypeNames: Record<TInputValueType, string> = {
  text: 'Text',
  number: 'Number',
  json: 'JSON',
  file: 'File',
};

/** A stored or reported value type; one this build does not know is text. */
export function inputValueTypeOf(value: unknown): TInputValueType {
  return inputValueTypes.find((type) => type === value) ?? 'text';
}

export type TInputValue = { ok: true; value: unknown } | { ok: false; problem: string };

/**
 * Reads a value given for an input of a type: a number from a number or numeric text, JSON
 * from text (an already parsed value as it is), anything else as given. A problem reads after
 * the input's name: "must be a number".
 */
export function parseInputValue(type: TInputValueType, value: unknown): TInputValue {
  if (type === 'number') {
    const text = String(value).trim();
    const number = typeof value === 'number' ? value : Number(text);
    return text === '' || !Number.isFinite(number)
      ? { ok: false, problem: 'must be a number' }
      : { ok: true, value: number };
  }
  if (type === 'json' && typeof value === 'string') {
    if (value.trim() === '') return { ok: false, problem: 'needs a JSON value' };
    try {
      return { ok: true, value: JSON.parse(value) };
    } catch (error) {
      return { ok: false, problem: `must be valid JSON: ${(error as Error).message}` };
    }
  }
  return { ok: true, value };
}

/** The schema of an input's value where a caller gives it as JSON (a custom AI's tool call). */
export function inputValueSchema(type: TInputValueType): z.ZodType {
  if (type === 'number') return z.number();
  return type === 'json' ? z.unknown() : z.string();
}
