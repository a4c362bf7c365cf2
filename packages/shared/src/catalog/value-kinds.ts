import { valueTypeCodes, valueTypeNames } from './catalog-types';
import { inputValueTypeNames, inputValueTypes } from './input-values';
import { defineNodeKind } from './node-kind';
import type { TParamSpec } from './param-specs';

const databaseParam = { type: 'database', label: 'Database', required: true } as const;
const noDatabase = (p: { databaseId?: string }) => (p.databaseId ? '' : 'no database chosen');
const valueTypeParam = {
  type: 'select',
  label: 'Value type',
  required: true,
  default: 'text',
  options: valueTypeCodes.map((code) => ({ value: code, label: valueTypeNames[code] })),
} as const satisfies TParamSpec;

/** Where values come from and go to: run inputs, end-user forms, node databases, notes. */
export const valueKinds = {
  database: defineNodeKind({
    kind: 'database',
    name: 'Database',
    description: 'Outputs values of a node database: all, by key, or filtered.',
    icon: 'pi pi-database',
    color: '#14b8a6',
    category: 'data',
    outputs: [{ name: 'values', label: 'Values', type: 'any' }],
    params: {
      databaseId: databaseParam,
      mode: {
        type: 'select',
        label: 'Values',
        required: true,
        default: 'all',
        options: [
          { value: 'all', label: 'All values' },
          { value: 'by_key', label: 'The value of one key' },
          { value: 'filter', label: 'Values whose key contains a text' },
        ],
      },
      key: { type: 'string', label: 'Key' },
      filter: { type: 'string', label: 'Filter (key contains)' },
      format: {
        type: 'select',
        label: 'Format',
        required: true,
        default: 'json',
        options: [
          { value: 'json', label: 'JSON' },
          { value: 'text', label: 'Text, a line per value' },
        ],
      },
    },
    summary: (p) => [noDatabase(p), p.mode, p.key, p.format],
  }),
  blank: defineNodeKind({
    kind: 'blank',
    name: 'Note',
    description: 'A note on the canvas; never runs.',
    icon: 'pi pi-file',
    color: '#94a3b8',
    category: 'note',
    flags: { note: true },
    params: { note: { type: 'text', label: 'Note' } },
    summary: (p) => [p.note?.trim() || 'Empty note'],
  }),
  ui: defineNodeKind({
    kind: 'ui',
    name: 'UI field',
    description: 'A form field an end user fills in to start the group it sits in.',
    icon: 'pi pi-pencil',
    color: '#0ea5e9',
    category: 'ui',
    flags: { entry: true },
    outputs: [{ name: 'value', label: 'Value', type: 'text' }],
    params: {
      name: { type: 'string', label: 'Name', required: true, initial: 'field' },
      label: { type: 'string', label: 'Label', required: true, initial: 'Field' },
      fieldType: {
        type: 'select',
        label: 'Field type',
        required: true,
        default: 'text',
        options: [
          { value: 'text', label: 'Short text' },
          { value: 'textarea', label: 'Long text' },
          { value: 'number', label: 'Number' },
        ],
      },
    },
    summary: (p) => [p.label, p.fieldType],
  }),
  ui_chat: defineNodeKind({
    kind: 'ui_chat',
    name: 'UI chat',
    description: 'A chat box whose messages start the group it sits in.',
    icon: 'pi pi-comments',
    color: '#0284c7',
    category: 'ui',
    flags: { entry: true },
    outputs: [{ name: 'message', label: 'Message', type: 'text' }],
    params: {
      // Without a name of its own, a run and the run API would know the chat by its node id.
      name: {
        type: 'string',
        label: 'Name',
        default: 'message',
        description: 'How runs and the run API refer to the message.',
      },
      placeholder: { type: 'string', label: 'Placeholder', default: 'Ask something…' },
    },
    summary: (p) => [p.placeholder],
  }),
  input: defineNodeKind({
    kind: 'input',
    name: 'Input',
    description: 'A value given when the run starts.',
    icon: 'pi pi-sign-in',
    color: '#22c55e',
    category: 'input',
    flags: { entry: true },
    outputs: [{ name: 'value', label: 'Value', type: 'any' }],
    params: {
      name: {
        type: 'string',
        label: 'Name',
        required: true,
        initial: 'input',
        description: 'How runs and tools refer to this input.',
      },
      valueType: {
        type: 'select',
        label: 'Value type',
        required: true,
        default: 'text',
        options: inputValueTypes.map((type) => ({ value: type, label: inputValueTypeNames[type] })),
      },
      defaultValue: { type: 'text', label: 'Default value' },
      description: { type: 'text', label: 'Description' },
    },
    summary: (p) => [p.name, p.valueType],
  }),
  request_storage: defineNodeKind({
    kind: 'request_storage',
    name: 'Request storage',
    description: 'Appends what it receives to a node database as a new value.',
    icon: 'pi pi-save',
    color: '#0d9488',
    category: 'data',
    inputs: [{ name: 'value', label: 'Value', type: 'any' }],
    params: {
      databaseId: databaseParam,
      keyTemplate: {
        type: 'string',
        label: 'Key template',
        required: true,
        default: 'value-{{timestamp}}',
        description: 'Use {{timestamp}}, {{date}}, {{datetime}} or {{value}}.',
      },
      valueType: valueTypeParam,
    },
    summary: (p) => [noDatabase(p), p.keyTemplate, p.valueType],
  }),
};
