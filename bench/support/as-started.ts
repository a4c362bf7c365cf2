/**
 * Imported first by a benchmark that runs the server app in its own process: the process then
 * runs with the Node.js options `npm start` gives the server (package.json), so the app is
 * measured as it runs for its users. Started without them, the benchmark runs itself again with
 * them, and ends as that run ends.
 */
import { spawnSync } from 'node:child_process';
import { npmStartOptions } from '../../apps/server/src/test/built-server';

const missing = npmStartOptions.filter((option) => !process.execArgv.includes(option));
if (missing.length > 0) {
  const again = spawnSync(
    process.execPath,
    [...missing, ...process.execArgv, process.argv[1]!, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exit(again.status ?? 1);
}
