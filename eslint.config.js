import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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

// The web app's screen areas: each may use components/ and lib/, never another area, and the
// shared folders never use an area. The zones are checked on resolved paths, so a relative
// import (`../projects/x`) is caught as well as any other spelling of it.
const webSrc = 'apps/web/src';
const features = readdirSync(new URL(`./${webSrc}/features`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  ...features.map((name) => ({
    target: `${webSrc}/features/${name}`,
    from: `${webSrc}/features`,
    except: [`./${name}`],
    message: 'Features do not import each other: move what they share to components/ or lib/.',
  })),
  {
    target: [`${webSrc}/components`, `${webSrc}/lib`],
    from: `${webSrc}/features`,
    message: 'Shared code does not depend on a feature.',
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
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webZones }],
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
