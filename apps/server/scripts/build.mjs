// Builds the server to plain JavaScript in apps/server/dist, so a production start compiles
// nothing: `node apps/server/dist/server.js`. Our workspace packages (@flowsmith/shared,
// @flowsmith/engine ship TypeScript source) are bundled in; every npm package stays an import
// resolved from node_modules at run time, and must be a production dependency, never a dev one.
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { tsImport } from 'tsx/esm/api';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverDir, '../..');

/** The processes we ship: each `src/<name>.ts` becomes `dist/<name>.js`. */
export const SERVER_ENTRIES = ['server.ts', 'worker.ts'];
/** The embedded database's thread, which db/pglite-client.ts starts from `dist/db/`. */
const THREAD_ENTRIES = ['db/pglite-worker.ts'];

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Production dependencies of the server and of the workspace packages it bundles. */
function runtimeDependencies() {
  const manifests = ['apps/server', 'packages/shared', 'packages/engine'].map((dir) =>
    readJson(path.join(repoRoot, dir, 'package.json')),
  );
  return new Set(manifests.flatMap((manifest) => Object.keys(manifest.dependencies ?? {})));
}

const packageName = (specifier) =>
  specifier.startsWith('@')
    ? specifier.split('/').slice(0, 2).join('/')
    : (specifier.split('/')[0] ?? specifier);

/** Keeps npm packages out of the bundle, and fails the build on one a production install lacks. */
function externalDependencies() {
  const allowed = runtimeDependencies();
  const builtins = new Set(builtinModules);
  return {
    name: 'flowsmith:external-dependencies',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^[^./]/ }, ({ path: specifier, importer }) => {
        if (specifier.startsWith('@flowsmith/')) return undefined;
        if (specifier.startsWith('node:') || builtins.has(specifier)) {
          return { path: specifier, external: true };
        }
        const name = packageName(specifier);
        if (allowed.has(name)) return { path: specifier, external: true };
        return {
          errors: [
            {
              text: `${name} (imported by ${path.relative(repoRoot, importer)}) is not a production dependency of @flowsmith/server`,
            },
          ],
        };
      });
    },
  };
}

export async function buildServer(entries = SERVER_ENTRIES) {
  const outdir = path.join(serverDir, 'dist');
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [...entries, ...THREAD_ENTRIES].map((entry) => path.join(serverDir, 'src', entry)),
    outdir,
    outbase: path.join(serverDir, 'src'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    // Written beside the bundle but not loaded by default: with source maps on, Node reads the
    // map of every module it loads, ours and node_modules' alike, which costs a start about a
    // tenth of a second. `NODE_OPTIONS=--enable-source-maps` makes stack traces point at the
    // TypeScript sources.
    sourcemap: true,
    plugins: [externalDependencies()],
    logLevel: 'warning',
  });
}

/** The migrated empty database a first start copies instead of running initdb. */
async function buildPgliteTemplate() {
  const template = await tsImport('../src/db/pglite-template.ts', import.meta.url);
  await template.createPgliteTemplate(
    path.join(serverDir, 'drizzle'),
    path.join(serverDir, 'dist', 'pglite-template'),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer();
  await buildPgliteTemplate();
  console.log(
    `Built the server and its database template into apps/server/dist in ${Math.round(performance.now() - started)} ms`,
  );
}
