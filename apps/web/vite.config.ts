import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './vite-precompress.js';

/** A build id unique per build; the client compares it with /version.json to know it is stale. */
const appVersion = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

/** Emits dist/version.json carrying the same id the bundle was built with. */
function versionFile(version: string): Plugin {
  return {
    name: 'storelift-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify({ version })}\n` });
    },
  };
}

/**
 * Modules of the public pages' frame and forms, and the sign-in page itself (where every visitor lands), in one
 * chunk beside the entry (see codeSplitting below): fewer requests, better compression.
 */
const PUBLIC_SHELL = new RegExp(
  [
    String.raw`@mantine[\/]core[\/]esm[\/]components[\/](Group|Anchor|TextInput|Input|InputBase|CloseButton)[\/]`,
    String.raw`@tabler[\/]icons-react[\/]dist[\/]esm[\/](defaultAttributes|createReactComponent|icons[\/]Icon(AlertTriangle|CircleCheck|InfoCircle)\.)`,
    String.raw`apps[\/]web[\/]src[\/](components[\/](notice|password-field|logo|theme-toggle)|lib[\/](use-schema-form|messages)|routes[\/](layouts[\/]public-layout|login-page)|features[\/]auth[\/]components[\/](language-switch|login-form|form-heading))\.`,
  ].join('|'),
);
const SHARED_SRC = /[\\/]packages[\\/]shared[\\/]src[\\/]/;

/** Packages under node_modules whose names match `names` (an alternation). */
const packages = (names: string) => new RegExp(String.raw`[\/]node_modules[\/](${names})[\/]`);
/** The charts and what only they use: loaded by the pages that draw one. */
const CHARTS = packages(
  String.raw`recharts|@mantine[\/]charts|@reduxjs[\/]toolkit|react-redux|redux|redux-thunk|reselect|immer|decimal\.js-light|victory-vendor|d3-[a-z-]+|internmap`,
);
/**
 * What validating a form takes: zod, the shared modules that build zod schemas (the contracts, the rules made of
 * zod field rules) and papaparse (read only by the reviews import, which checks each review with a schema). Dialogs
 * load their schema on first use (lib/contracts.ts), so a page with no form of its own never downloads this chunk.
 * The shared constants, texts and plain checks the pages read live in constants/ and rules/ modules without zod; a
 * shared module that imports zod or a schema belongs in SCHEMA_MODULES. What the schemas import (constants, messages) stays
 * with the pages that read it (includeDependenciesRecursively: false): pulled in here, it would bring this chunk
 * into every page.
 */
const ZOD_PACKAGES = packages('zod|papaparse');
const SCHEMA_MODULES =
  /[\\/]packages[\\/]shared[\\/]src[\\/](contracts[\\/]|rules[\\/](auth|text|keyword-rules|store-link-rules|reviews-import|validation)\.)/;
/**
 * The signed-in area's frame: the layout (header, side menu, balances), the session check. Their dependencies
 * come with them (includeDependenciesRecursively), so a page adds its own chunk and its feature's, not dozens of
 * small shared ones. The table of the signed-in texts (lib/signed-in-locales.ts) stays a chunk of its own: it
 * depends on nothing, so the entry can preload the texts before the shell and the vendor code have run.
 */
const SIGNED_IN_SHELL =
  /apps[\\/]web[\\/]src[\\/](routes[\\/](layouts[\\/]app-layout|session-check|preload)|lib[\\/](idle|query-client))\./;
/**
 * The app's own modules but its texts (each locale file stays its own chunk: only the user's language loads)
 * and its charts (lazy everywhere: merged into a shared chunk they would bring the charts' code with them).
 */
const APP_CODE = /apps[\\/]web[\\/]src[\\/](?!locales[\\/])(?!.*chart)|[\\/]packages[\\/]shared[\\/]src[\\/]/;

/** Shared between the app build and the web vitest project. */
export const sharedAlias = {
  // The web always compiles the shared package from source, so it never sees a stale dist.
  '@storelift/shared': fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)),
};

export default defineConfig(({ command }) => {
  // A build is always a production bundle. Vite keeps an inherited NODE_ENV (vitest's "test" reaching `npm start`
  // from the browser tests, a shell's "development"), which ships React's development build, several times slower;
  // set here, before Vite reads it, it holds for the whole build.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), versionFile(appVersion), precompress()],
    resolve: { alias: sharedAlias },
    define: { __APP_VERSION__: JSON.stringify(command === 'build' ? appVersion : 'dev') },
    server: {
      port: 5173,
      proxy: {
        '/api': 'http://127.0.0.1:3000',
        '/version.json': 'http://127.0.0.1:3000',
        '/dev': 'http://127.0.0.1:3000',
        '/sandbox': 'http://127.0.0.1:3000',
        '/avatars': 'http://127.0.0.1:3000',
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      // dist/.vite/manifest.json lets scripts/bundle-size.mjs sum what each page loads.
      manifest: true,
      // Every browser the app supports has <link rel=modulepreload>; the polyfill would only add weight.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // Everything the entry loads anyway goes into one file: fewer requests, better compression.
          // A signed-in page costs a handful of requests: the shell, the vendor code, the shared code, its page
          // and its texts (each locale file stays its own chunk, so only the user's language loads).
          codeSplitting: {
            groups: [
              { name: 'app', tags: ['$initial'], priority: 100 },
              // The small pieces every public page uses go with it too (fewer, better-compressed files).
              { name: 'app', test: PUBLIC_SHELL, priority: 100 },
              { name: 'charts', test: CHARTS, priority: 90 },
              {
                name: 'zod',
                test: (id: string) => ZOD_PACKAGES.test(id) || SCHEMA_MODULES.test(id),
                priority: 85,
                includeDependenciesRecursively: false,
              },
              // Mantine, TanStack Query and the icons in one file: split by the pages that use them, the pieces
              // of one page added up to more than the whole (more requests, worse compression).
              { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 80 },
              { name: 'shell', test: SIGNED_IN_SHELL, priority: 70 },
              // Each page's own code in its chunk, the code two or more pages share in one more (grouped by the
              // pages that use it instead, the split followed every change of the import graph, 20 to 40 files).
              { name: 'common', test: APP_CODE, priority: 60, minShareCount: 2 },
            ],
          },
        },
        treeshake: {
          // The shared package has no side effects at import time, so modules whose exports a chunk
          // does not use (the zod contracts, on the sign-in page) are left out of it.
          moduleSideEffects: (id: string) => (SHARED_SRC.test(id) ? false : undefined),
        },
      },
    },
  };
});
