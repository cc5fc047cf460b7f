/** The id this bundle was built with (see vite.config.ts). */
export const BUILT_VERSION = __APP_VERSION__;
const UNKNOWN_VERSIONS = new Set(['', 'dev', 'test']);
const RELOADED_FOR_KEY = 'storelift.reloaded-for';

/**
 * True when the served version differs from the loaded one. A refresh happens only if the loaded
 * version was known (customer-area §8): a dev build never reloads itself.
 */
export function shouldReload(loaded: string, served: string | undefined): boolean {
  if (UNKNOWN_VERSIONS.has(loaded) || served === undefined || served === '') return false;
  return served !== loaded;
}

/** The version currently served at /version.json (not under /api). */
export async function fetchServedVersion(): Promise<string | undefined> {
  const response = await fetch('/version.json', {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) return undefined;
  const { versionResponseSchema } = await import('./contracts');
  const parsed = versionResponseSchema.safeParse(await response.json());
  return parsed.success ? parsed.data.version : undefined;
}

export interface VersionCheckOptions {
  loaded?: string;
  fetchVersion?: () => Promise<string | undefined>;
  reload?: () => void;
}

let running = false;

/** One check: reloads when a new version is served, once per new version (see shouldReload). */
export async function checkVersion({
  loaded = BUILT_VERSION,
  fetchVersion = fetchServedVersion,
  reload = () => window.location.reload(),
}: VersionCheckOptions = {}): Promise<boolean> {
  if (running) return false;
  running = true;
  try {
    const served = await fetchVersion();
    if (served === undefined || !shouldReload(loaded, served)) return false;
    // A cache that keeps serving the old bundle must not cause a reload loop.
    if (sessionStorage.getItem(RELOADED_FOR_KEY) === served) return false;
    sessionStorage.setItem(RELOADED_FOR_KEY, served);
    reload();
    return true;
  } catch {
    // Offline or the file is missing: try again later.
    return false;
  } finally {
    running = false;
  }
}
