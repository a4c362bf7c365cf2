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
    files: ['packages/shared/**'],
    rules: restrict([
      ...apps,
      { group: ['@flowsmith/engine'], message: 'shared depends on nothing of ours.' },
    ]),
  },
  { files: ['packages/engine/**'], rules: restrict(apps) },
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
  },
);
