import {
  NavLink,
  createTheme,
  localStorageColorSchemeManager,
  type CSSVariablesResolver,
} from '@mantine/core';
import { STORAGE_KEYS } from './storage';

/** Storelift's Mantine theme. */
export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 keeps white button text and the active menu entry at 4.5:1 contrast or more (axe, WCAG AA).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    NavLink: NavLink.extend({
      // The current page's entry keeps its background under the pointer: the hover shade left its text at 4.1:1.
      vars: () => ({ root: { '--nl-hover': 'var(--mantine-primary-color-light)' }, children: {} }),
    }),
  },
});

/**
 * Dimmed text and field errors in the light scheme darker than Mantine's, for 4.5:1 contrast on white (red 6
 * reads at 3.3:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

/** Light or dark, saved in this browser (index.html applies it before the first paint). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.colorScheme });
