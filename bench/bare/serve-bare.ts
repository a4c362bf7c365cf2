import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

const HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Bare React Flow</title>
<link rel="stylesheet" href="/bare-page.css"></head>
<body style="margin:0"><div id="root"></div><script src="/bare-page.js"></script></body></html>`;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/** Bundles the bare page for production (like the app's build) and serves it on a free port. */
export async function serveBarePage(): Promise<{ url: string; close: () => Promise<void> }> {
  const outdir = await mkdtemp(path.join(tmpdir(), 'flowsmith-bench-bare-'));
  await build({
    entryPoints: [path.join(import.meta.dirname, 'bare-page.tsx')],
    bundle: true,
    minify: true,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    outdir,
    logLevel: 'error',
  });
  const server: Server = createServer((request, response) => {
    const file = request.url === '/' ? null : path.basename(request.url ?? '');
    if (!file) {
      response.writeHead(200, { 'content-type': 'text/html' }).end(HTML);
      return;
    }
    readFile(path.join(outdir, file)).then(
      (body) =>
        response
          .writeHead(200, {
            'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          })
          .end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await rm(outdir, { recursive: true, force: true });
    },
  };
}
