import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { build, loadConfigFromFile, type PluginOption, type Rolldown } from 'vite';
import { LATEST_BUILD_FILE } from './build-id-plugin';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outDirs: string[] = [];

afterAll(() => Promise.all(outDirs.map((dir) => rm(dir, { recursive: true, force: true }))));

const pluginName = (plugin: PluginOption) =>
  plugin && typeof plugin === 'object' && 'name' in plugin ? plugin.name : '';

/**
 * The app's production build, kept in memory and unminified (names hash the code either way):
 * the precompress plugin (which works on the files written) is left out, and the service
 * worker goes to a throwaway folder.
 */
async function buildApp() {
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    path.join(root, 'vite.config.ts'),
  );
  const outDir = await mkdtemp(path.join(tmpdir(), 'flowsmith-web-build-'));
  outDirs.push(outDir);
  const plugins = (loaded!.config.plugins ?? [])
    .flat(Infinity as 1)
    .filter((plugin) => pluginName(plugin) !== 'flowsmith:precompress');
  const result = (await build({
    ...loaded!.config,
    configFile: false,
    root,
    logLevel: 'silent',
    plugins,
    build: { ...loaded!.config.build, outDir, write: false, sourcemap: false, minify: false },
  })) as Rolldown.RolldownOutput;
  const files = result.output;
  const entry = files.find((file) => file.type === 'chunk' && file.isEntry)!;
  const asset = (name: string) => {
    const file = files.find((candidate) => candidate.fileName === name);
    return file?.type === 'asset' ? String(file.source) : '';
  };
  const buildId = (JSON.parse(asset(LATEST_BUILD_FILE)) as { id: string }).id;
  return {
    entry: entry.fileName,
    chunks: files
      .filter((file) => file.type === 'chunk')
      .map((file) => file.fileName)
      .sort(),
    buildId,
    html: asset('index.html'),
  };
}

// Returning users keep every cached chunk when a deploy changes nothing but the build id.
test('two builds differing only in their build id name every chunk alike', async () => {
  const first = await buildApp();
  const second = await buildApp();
  expect(second.buildId).not.toBe(first.buildId);
  expect(first.html).toContain(`<meta name="flowsmith-build" content="${first.buildId}">`);
  expect(second.html).toContain(`<meta name="flowsmith-build" content="${second.buildId}">`);
  expect(second.entry).toBe(first.entry);
  expect(second.chunks).toEqual(first.chunks);
}, 240_000);
