// The minimal page bench/web.mjs serves beside the app: built like the app (precompressed copies, es2022),
// under /bench-minimal/ of a copy of the app's dist.
import { defineConfig } from 'vite';
import { precompress } from '../../apps/web/vite-precompress.ts';

export default defineConfig({
  root: import.meta.dirname,
  base: '/bench-minimal/',
  plugins: [precompress()],
  logLevel: 'warn',
  build: { target: 'es2022', modulePreload: { polyfill: false } },
});
