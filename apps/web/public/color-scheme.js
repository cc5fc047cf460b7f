/* global window, document */
// Applies the saved colour scheme before the first paint, so a dark theme never flashes white.
// A file, not an inline script: the server's Content-Security-Policy allows scripts from 'self' only.
try {
  var saved = localStorage.getItem('storelift.color-scheme');
  var dark =
    saved === 'dark' || (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
} catch {
  // Storage disabled: Mantine applies its default once the app starts.
}
