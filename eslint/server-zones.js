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
