// `npm start`: runs the built server (apps/server/dist), which serves the API, the built web app
// and realtime on one port. Nothing is compiled at run time: `npm run build` makes both builds,
// and this script runs it first only when a build is missing or older than its sources.
// `npm run worker` (this script with `worker`) runs the built run worker, which needs no web app.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const entry = process.argv[2] === 'worker' ? 'worker' : 'server';

const allBuilds = [
  {
    name: 'server',
    output: 'apps/server/dist/server.js',
    sources: [
      'apps/server/src',
      'apps/server/drizzle',
      'apps/server/scripts',
      'apps/server/package.json',
      'packages/shared/src',
      'packages/engine/src',
    ],
    tool: 'esbuild',
    script: 'build:server',
  },
  {
    name: 'web app',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/build',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/shared/src',
    ],
    tool: 'vite',
    script: 'build:web',
  },
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
    stat.mtimeMs,
  );
}

const builds = entry === 'worker' ? allBuilds.filter((b) => b.name === 'server') : allBuilds;

const at = (relative) => path.join(root, relative);
const builtAt = (build) => (existsSync(at(build.output)) ? statSync(at(build.output)).mtimeMs : 0);
const stale = builds.filter(
  (build) => builtAt(build) < Math.max(...build.sources.map((source) => newestMtime(at(source)))),
);

if (stale.length > 0) {
  // A production install (`npm ci --omit=dev`) has no build tools: it runs what was built.
  const canBuild = builds.every((build) => existsSync(at(`node_modules/${build.tool}`)));
  const names = (list) => list.map((build) => build.name).join(' and ');
  const missing = stale.filter((build) => builtAt(build) === 0);
  if (!canBuild) {
    if (missing.length > 0) {
      console.error(
        `The ${names(missing)} is not built and the build tools are not installed: run \`npm install\` and \`npm run build\`, then start again.`,
      );
      process.exit(1);
    }
    console.warn(`The ${names(stale)} is older than its sources; starting the existing build.`);
  } else {
    console.log(
      missing.length === stale.length
        ? `Building the ${names(stale)}…`
        : `The ${names(stale)} changed since the last build; rebuilding…`,
    );
    for (const build of stale) {
      const run = spawnSync('npm', ['run', build.script], { cwd: root, stdio: 'inherit' });
      if (run.status !== 0) process.exit(run.status ?? 1);
    }
  }
}

await import(pathToFileURL(at(`apps/server/dist/${entry}.js`)).href);
