import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { pageVariants } from './scripts/page-variants.js';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The web app lives in src/web and builds into dist/web, which the server serves
 * (with index.html as the fallback for client routes). In development `npm run dev:web`
 * proxies /api to the API server on port 5000.
 */
/**
 * React Router's package exports name only its development build (warnings and checks included);
 * its production build ships beside it, and a production bundle takes that one.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: fromRoot('./node_modules/react-router/dist/production/index.mjs'),
};

export default defineConfig(({ mode }) => ({
  root: fromRoot('./src/web'),
  plugins: [
    react(),
    tailwindcss(),
    // A .br and a .gz beside each script, style sheet and page, for the server to send as they are.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    // landing.html (the landing page drawn at build time) and signed-in.html (scripts/page-variants.ts).
    pageVariants(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fromRoot('./src') },
      ...(mode === 'production' ? [reactRouterProduction] : []),
    ],
  },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    // .vite/manifest.json: which files each screen loads, for scripts/bundle-report.mjs.
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React and zod change less often than the app and every screen needs them: their own
        // long-cached chunks. Other libraries go with the screens that use them, so a screen's
        // code does not wait for a library only another screen needs.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
            // Icons are tiny modules used all over: one chunk rather than one request per icon.
            // An icon only one screen uses stays with that screen, so the landing page (which loads this
            // chunk) does not download every screen's own icons.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 15, minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:5000', changeOrigin: false },
    },
  },
}));
