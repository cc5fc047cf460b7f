/** The web app's lint zones (docs/architecture.md, Floors). */

/**
 * The web app talks to the server over HTTP only. Every web file gets this pattern: eslint.config.js's web block
 * sets it, and each zone below repeats it, since a later block's `no-restricted-imports` replaces an earlier
 * one for the same file.
 */
export const WEB_SERVER_REFUSAL = {
  group: ['@storelift/server', '**/apps/server/**'],
  message: 'The web app talks to the server over HTTP only.',
};

/** How deep a feature's files sit below `features/<name>/` (api/, components/, components/reviews/, …). */
const FEATURE_DEPTHS = [1, 2, 3, 4];

/**
 * The web's floors, one way down: `lib/` and `components/` import no feature and no route; a feature imports no
 * other feature and no route (routes/ compose them). Matched on the import's text, so relative imports are
 * caught: a file `d` folders deep in `features/` that climbs exactly `d` times lands in `features/`, on a
 * feature's folder (its own is reached without leaving it).
 */
export const webZones = [
  zone(
    ['apps/web/src/{components,lib}/**/*.{ts,tsx}'],
    [
      {
        regex: '^(\\.\\./)+(features|routes)/',
        message: 'components/ and lib/ stand below the features and routes: they import neither.',
      },
    ],
  ),
  ...FEATURE_DEPTHS.map((depth) =>
    zone(
      [`apps/web/src/features/${'*/'.repeat(depth)}*.{ts,tsx}`],
      [
        {
          regex: `^(\\.\\./){${depth}}[^.]|^(\\.\\./)+features/`,
          message:
            'Features do not import each other: move the shared piece to components/ or lib/, or compose in routes/.',
        },
        {
          regex: '^(\\.\\./)+routes/',
          message: 'Features stand below routes/: routes compose features, never the other way.',
        },
      ],
    ),
  ),
];

/** A zone: its files refuse the server and `patterns`. */
function zone(files, patterns) {
  return {
    files,
    rules: { 'no-restricted-imports': ['error', { patterns: [WEB_SERVER_REFUSAL, ...patterns] }] },
  };
}
