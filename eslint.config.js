import { builtinModules } from 'node:module';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { webImportZones } from './eslint/web-import-zones.js';

// Dependencies point one way: web and server use shared; server uses engine;
// engine and shared use neither app.
const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});
const apps = [
  {
    group: ['@flowsmith/server', '@flowsmith/server/*', '**/apps/server/**'],
    message: 'Apps do not import each other.',
  },
  {
    group: ['@flowsmith/web', '@flowsmith/web/*', '**/apps/web/**'],
    message: 'Apps do not import each other.',
  },
];

// The packages run in any host (server, worker, browser): besides their own files they import
// only what is listed, never a Node built-in or an app library, and read no Node globals.
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const builtins = `(node:|(${builtinModules.map(escape).join('|')})(/|$))`;
const nodeGlobals = ['process', 'Buffer', 'global', 'require', 'module', 'exports'].concat([
  '__dirname',
  '__filename',
  'setImmediate',
  'clearImmediate',
]);
function packageRules(who, allowed, { tests = false } = {}) {
  const imports = tests ? [...allowed, 'vitest', 'fast-check'] : allowed;
  const listed = `(${imports.map(escape).join('|')})(/|$)`;
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...apps,
          { regex: `^${builtins}`, message: `${who} runs outside Node: no Node built-ins.` },
          {
            regex: `^(?!\\.{1,2}/|${builtins}|${listed})`,
            message: `${who} imports only ${allowed.join(' and ')}: no app libraries (Fastify, Drizzle, pg, Socket.IO, React, React Flow, PrimeReact, the AI SDK, …).`,
          },
        ],
      },
    ],
    'no-restricted-globals': [
      'error',
      ...nodeGlobals.map((name) => ({ name, message: `${who} uses only what it is given.` })),
    ],
    'no-restricted-properties': [
      'error',
      { object: 'globalThis', property: 'process', message: `${who} reads no environment.` },
    ],
    'no-restricted-syntax': [
      'error',
      { selector: 'ImportExpression', message: `${who} imports statically, so lint sees it.` },
      { selector: "MemberExpression[property.name='only']", message: 'No .only in tests.' },
    ],
  };
}
const tests = ['**/*.test.ts', '**/*.test.tsx'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tsbuild/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: {
      'react-hooks': reactHooks,
      flowsmith: { rules: { 'web-import-zones': webImportZones } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'flowsmith/web-import-zones': [
        'error',
        { src: path.join(import.meta.dirname, 'apps/web/src') },
      ],
      ...restrict([
        ...apps,
        { group: ['@flowsmith/engine'], message: 'The web app does not run the engine.' },
      ]),
    },
  },
  { files: ['apps/server/**'], rules: restrict([apps[1]]) },
  {
    // A route file is HTTP only: SQL lives in repos, schemas in packages/shared.
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: restrict([
      apps[1],
      { group: ['drizzle-orm', 'drizzle-orm/*', '**/db/**'], message: 'SQL belongs in a repo.' },
      { group: ['zod'], message: 'Request and response schemas come from @flowsmith/shared.' },
    ]),
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='only']", message: 'No .only in tests.' },
      ],
    },
  }, // After the tests' block: these carry its rule along, since a later block replaces a rule.
  { files: ['packages/shared/**'], rules: packageRules('packages/shared', ['zod']) },
  {
    files: tests.map((glob) => `packages/shared/${glob}`),
    rules: packageRules('packages/shared', ['zod'], { tests: true }),
  },
  { files: ['packages/engine/**'], rules: packageRules('packages/engine', ['@flowsmith/shared']) },
  {
    files: tests.map((glob) => `packages/engine/${glob}`),
    rules: packageRules('packages/engine', ['@flowsmith/shared'], { tests: true }),
  },
);
