// `npm run dev`: the server in watch mode on :3000 and the Vite dev server on :5173, which
// proxies /api and /socket.io to it.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@flowsmith/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@flowsmith/web'], { stdio: 'inherit' }),
];

function stop(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
