/** The web app's lint zones (docs/architecture.md). */

export const webZones = [
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
];
