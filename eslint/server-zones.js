/** The server's lint zones (docs/architecture.md, Floors). */

/** The server's top files (app wiring, entry points, seed, worker registration) and the app-wide types. */
const SERVER_TOP = [
  'app',
  'bootstrap',
  'server',
  'worker',
  'workers',
  'seed',
  'migrate-cli',
  'prepare-image-cli',
  'config',
  'deps',
];

export const serverZones = [
  // The server's floors, one way down (docs/architecture.md, Floors): a lower floor never imports a higher one.
  // Matched on the import's text, so relative imports are caught; a floor's tests may use the test helpers.
  ...serverFloors({
    lib: ['db', 'jobs', 'providers', 'modules', 'plugins'],
    jobs: ['db', 'providers', 'modules', 'plugins'],
    db: ['providers', 'modules', 'plugins'],
    providers: ['jobs', 'modules', 'plugins'],
  }),
  // Only repos build queries: a module file imports the query builder (drizzle-orm, the schema, db/sql-rows)
  // only as types, unless it is a repo, a read-only report, a seed or a test.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.repo.ts', '**/*-repo.ts', '**/*.report.ts', '**/*.seed.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^drizzle-orm(/.*)?$|^(\\.\\./)+db/(schema(/.*)?|sql-rows\\.js)$',
              allowTypeImports: true,
              message:
                "Only repos build queries: move this query into the module's <thing>.repo.ts (docs/architecture.md, Floors).",
            },
          ],
        },
      ],
    },
  },
];

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
