import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { buildIdPlugin } from './build/build-id-plugin.ts';
import { precompressPlugin } from './build/precompress-plugin.ts';
import { themeFontsPlugin } from './build/theme-fonts-plugin.ts';

const API_TARGET = 'http://localhost:3000';

/**
 * The server accepts changes only from its own origin (PUBLIC_URL, http://localhost:3000 in
 * development). Requests the app makes from this dev server come from the dev server's origin,
 * so the proxy names the server's origin instead; requests from any other origin keep theirs
 * and are refused, as they would be in production.
 */
const asSameOrigin: ProxyOptions['configure'] = (proxy) => {
  proxy.on('proxyReq', (proxyReq, req) => {
    const devOrigin = `http://${req.headers.host}`;
    if (req.headers.origin === devOrigin) proxyReq.setHeader('origin', API_TARGET);
    const referer = req.headers.referer;
    if (referer?.startsWith(`${devOrigin}/`)) {
      proxyReq.setHeader('referer', `${API_TARGET}${referer.slice(devOrigin.length)}`);
    }
  });
};

export default defineConfig({
  plugins: [
    react(),
    themeFontsPlugin(),
    buildIdPlugin(),
    VitePWA({
      registerType: 'prompt',
      // Registered by the app itself (useRegisterSW in the shell), so no injected script.
      injectRegister: null,
      filename: 'sw.js',
      scope: '/',
      base: '/',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Flowsmith',
        short_name: 'Flowsmith',
        description: 'Self-hostable visual builder for AI workflows',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#4f46e5',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff,woff2}'],
        // The build manifest must always come from the network: it is how updates are noticed.
        globIgnores: ['builds/**'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//, /^\/builds\//],
        cleanupOutdatedCaches: true,
        sourcemap: false,
      },
    }),
    // Last: it compresses what the others wrote, the service worker included.
    precompressPlugin({ sourcemapsDir: 'sourcemaps' }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, configure: asSameOrigin },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Kept for debugging, but moved out of dist by the precompress plugin: never served.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // Libraries every screen needs, in a few long-cached chunks instead of dozens of small
        // ones; everything else is split per route by the lazy imports.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              name: 'primereact',
              test: /node_modules[\\/](primereact[\\/](api|utils|hooks|componentbase|ripple|csstransition|portal|overlayservice|tooltip|button|inputtext|password|message|toast)|react-transition-group|dom-helpers|@babel[\\/]runtime)[\\/]/,
              priority: 20,
            },
            // The persister loads only with the saved offline data, never on the sign-in page.
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/](?!query-(async-storage-persister|persist-client-core)[\\/])/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
