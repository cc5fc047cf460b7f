import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no media queries; Mantine reads the colour scheme and breakpoints through them.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
