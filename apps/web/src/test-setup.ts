import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no media queries: Mantine reads the colour scheme and breakpoints through them.
window.matchMedia ??= (query: string) =>
  ({
    // An empty query matches every medium, as in a browser.
    matches: query.trim() === '',
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// Nor layout: mantine-datatable measures its header and footer through it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
