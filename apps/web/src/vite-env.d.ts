/// <reference types="vite/client" />

/** The build id, also written to dist/version.json ('dev' under the dev server, 'test' in vitest). */
declare const __APP_VERSION__: string;
