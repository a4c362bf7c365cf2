import type { KnipConfig } from 'knip';

/** Unused files, exports and dependencies, per workspace; `npm run knip` in CI keeps them out. */
const config: KnipConfig = {
  // A function exported for its test and used in its own file is not dead code.
  ignoreExportsUsedInFile: true,
  workspaces: {
    '.': {
      entry: ['scripts/*.mjs', 'bench/*.bench.ts', 'bench/bare/bare-page.tsx'],
      project: ['*.ts', 'scripts/**', 'bench/**', 'e2e/**'],
    },
    'apps/server': {
      project: ['src/**'],
      // pino loads its pretty transport by name, out of the import graph.
      ignoreDependencies: ['pino-pretty'],
      // Test helpers are a kit for tests: a type they export need not be named by one yet.
      ignoreIssues: { 'src/test/**': ['types'] },
    },
    'apps/web': {
      // Run by hand when the icon changes; its output is committed under public/.
      entry: ['scripts/generate-icons.mjs'],
      project: ['src/**', 'build/**', 'scripts/**'],
    },
    'packages/*': {
      project: ['src/**'],
    },
  },
};

export default config;
