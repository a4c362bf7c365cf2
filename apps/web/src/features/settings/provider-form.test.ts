import { describe, expect, it } from 'vitest';
import type { TProviderCredential } from '@flowsmith/shared';
import {
  providerFormDefaults,
  providerFormSchema,
  toCreateBody,
  toUpdateBody,
  type TProviderFormValues,
} from './provider-form';

const saved: TProviderCredential = {
  id: '0b6f3c1e-52d4-4f5e-9a43-3c7b7f0f4a10',
  userId: '1b6f3c1e-52d4-4f5e-9a43-3c7b7f0f4a10',
  provider: 'openai_compatible',
  name: 'Ollama',
  baseUrl: 'http://localhost:11434/v1',
  keyHint: '…abcd',
  models: ['llama3'],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

const values = (patch: Partial<TProviderFormValues>): TProviderFormValues => ({
  ...providerFormDefaults(null),
  name: 'Work key',
  apiKey: 'sk-123',
  ...patch,
});

const issues = (editing: boolean, input: TProviderFormValues) => {
  const result = providerFormSchema(editing).safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
};

describe('providerFormSchema', () => {
  it('needs a key to create, but not to edit', () => {
    expect(issues(false, values({ apiKey: ' ' }))).toEqual({ apiKey: 'API key is required' });
    expect(issues(true, values({ apiKey: '' }))).toEqual({});
  });

  it('needs a base URL for an OpenAI-compatible server, and an http(s) one when given', () => {
    expect(issues(false, values({ provider: 'openai_compatible' }))).toEqual({
      baseUrl: 'An OpenAI-compatible server needs its base URL',
    });
    expect(issues(false, values({ baseUrl: 'ftp://x' }))).toEqual({
      baseUrl: 'Must be an http(s) URL',
    });
    expect(issues(false, values({ baseUrl: 'http://127.0.0.1:9/v1' }))).toEqual({});
  });
});

describe('bodies', () => {
  it('sends no base URL as null and models without blanks or repeats', () => {
    expect(toCreateBody(values({ models: ['a', ' a ', ''] }))).toEqual({
      provider: 'openai',
      name: 'Work key',
      apiKey: 'sk-123',
      baseUrl: null,
      models: ['a'],
    });
  });

  it('sends only changed fields, and the key only when one was typed', () => {
    const edited = providerFormDefaults(saved);
    expect(edited.apiKey).toBe('');
    expect(toUpdateBody(edited, saved)).toEqual({});
    expect(toUpdateBody({ ...edited, name: 'Local', models: ['llama3', 'qwen'] }, saved)).toEqual({
      name: 'Local',
      models: ['llama3', 'qwen'],
    });
    expect(toUpdateBody({ ...edited, apiKey: 'new-key', baseUrl: '' }, saved)).toEqual({
      apiKey: 'new-key',
      baseUrl: null,
    });
  });
});
