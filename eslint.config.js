import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { serverZones } from './eslint/server-zones.js';
import { webZones } from './eslint/web-zones.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/.tsbuild/**', '**/node_modules/**', 'data/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@storelift/server', '**/apps/server/**'],
              message: 'The web app talks to the server over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  ...webZones,
  {
    // The server's test files share their worker's modules (vitest.config.ts, isolate: false): a module mock
    // would leak into the files after it, or miss a module an earlier file loaded.
    files: ['apps/server/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'unmock', 'doUnmock', 'resetModules'].map((property) => ({
          object: 'vi',
          property,
          message:
            'Server test files share modules; spy on an export (vi.spyOn) or pass a fake to buildTestApp.',
        })),
      ],
    },
  },
  ...serverZones,
  {
    // Shared code runs in both Node and the browser.
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'react-dom', 'fastify', 'drizzle-orm'],
              message: 'packages/shared must stay free of Node-only and DOM-only code.',
            },
          ],
        },
      ],
    },
  },
);
