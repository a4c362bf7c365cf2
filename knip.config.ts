import type { KnipConfig } from 'knip';

/** Unused files, exports and dependencies, per workspace; `npm run knip` in CI keeps them out. */
const config: KnipConfig = {
  // A function exported for its test and used in its own file is not dead code.
  ignoreExportsUsedInFile: true,
  // Test helpers are a kit for tests: a type they export need not be named by one yet.
  ignoreIssues: { 'apps/server/src/test/**': ['types'] },
  workspaces: {
    '.': {
      entry: [
        'scripts/*.mjs',
        'bench/*.bench.ts',
        'bench/bare/bare-page.tsx',
        // Run as their own processes by bench:api and bench:runs.
        'bench/support/load-client.ts',
        'bench/support/model-server.ts',
      ],
      project: ['*.ts', 'eslint/**', 'scripts/**', 'bench/**', 'e2e/**'],
    },
    'apps/server': {
      // The embedded database's thread, started by path (db/pglite-client.ts).
      entry: ['src/db/pglite-worker.ts'],
      project: ['src/**'],
      // pino loads its pretty transport by name, out of the import graph.
      ignoreDependencies: ['pino-pretty'],
    },
    'apps/web': {
      // Run by hand when the icon changes; its output is committed under public/.
      entry: ['scripts/generate-icons.mjs'],
      // Its font files are referenced from CSS `url()`, out of the import graph.
      ignoreDependencies: ['@fontsource-variable/inter'],
      project: ['src/**', 'build/**', 'scripts/**'],
    },
    'packages/*': {
      project: ['src/**'],
    },
  },
};

export default config;
