import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The server's top files (app wiring, entry points, seed, worker registration) and the app-wide types. */
const SERVER_TOP = [
  'app',
  'bootstrap',
  'server',
  'worker',
  'workers',
  'seed',
  'migrate-cli',
  'config',
  'deps',
];

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
  {
    // Features never import each other; routes compose them (docs/architecture.md, Code conventions).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**'],
              message: 'Features do not import each other; compose them in routes/.',
            },
          ],
        },
      ],
    },
  },
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
  // The server's floors, one way down (docs/architecture.md, Floors): a lower floor never imports a higher one.
  // Matched on the import's text, so relative imports are caught; a floor's tests may use the test helpers.
  ...serverFloors({
    lib: ['db', 'jobs', 'providers', 'modules', 'plugins'],
    jobs: ['db', 'providers', 'modules', 'plugins'],
    db: ['providers', 'modules', 'plugins'],
    providers: ['jobs', 'modules', 'plugins'],
  }),
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

/** A lint zone per lower floor of the server: the folders above it and the top files are refused. */
function serverFloors(floors) {
  return Object.entries(floors).map(([floor, above]) => ({
    files: [`apps/server/src/${floor}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${above.join('|')})/`,
              message: `${floor}/ stands below ${above.join(', ')}: it imports nothing above it (docs/architecture.md, Floors).`,
            },
            {
              regex: `^(\\.\\./)+(${SERVER_TOP.join('|')})\\.js$`,
              message: `${floor}/ stands below the top files and the app-wide config and deps (docs/architecture.md, Floors).`,
            },
          ],
        },
      ],
    },
  }));
}
