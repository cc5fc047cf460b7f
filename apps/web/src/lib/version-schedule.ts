/** How often the served version is compared with the loaded one. */
export const VERSION_CHECK_MS = 5 * 60_000;

/**
 * Checks /version.json every few minutes and when the window regains focus; the checking code is
 * loaded on the first check, so it is not part of the first download.
 */
export function scheduleVersionCheck(): () => void {
  const check = () => void import('./version-check').then(({ checkVersion }) => checkVersion());
  const timer = setInterval(check, VERSION_CHECK_MS);
  window.addEventListener('focus', check);
  return () => {
    clearInterval(timer);
    window.removeEventListener('focus', check);
  };
}
