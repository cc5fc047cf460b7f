import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { sharedAlias } from './vite.config.js';

export default defineProject({
  plugins: [react()],
  resolve: { alias: sharedAlias },
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
});
