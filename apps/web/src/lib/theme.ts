import {
  createTheme,
  darken,
  lighten,
  localStorageColorSchemeManager,
  luminance,
  type CSSVariablesResolver,
} from '@mantine/core';
import i18next from 'i18next';
import { STORAGE_KEYS } from './storage';

/**
 * Every dialog's close button is named (axe button-name). A getter, read each time a dialog renders (Mantine
 * spreads the defaults then), so the name follows the interface language; a dialog's own closeButtonProps win.
 */
const namedCloseButton = {
  get closeButtonProps() {
    return { 'aria-label': i18next.t('common.close') };
  },
};

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
  // Plain objects, not Modal.extend(…): importing the components here would put them, with the scroll area and
  // floating-ui they bring, into the entry chunk every visitor downloads (the sign-in page shows no dialog).
  components: {
    Modal: { defaultProps: namedCloseButton },
    Drawer: { defaultProps: namedCloseButton },
    // A number out of range stays as typed, and the form's rule says the limit ("Must be at most 100"):
    // Mantine's default clamps it on blur, so 150 became 100 without a word.
    NumberInput: { defaultProps: { clampBehavior: 'none' } },
    PasswordInput: {
      defaultProps: {
        get visibilityToggleButtonProps() {
          return { 'aria-label': i18next.t('library.togglePassword') };
        },
      },
    },
    NavLink: {
      // The current page's entry keeps its background under the pointer: the hover shade left its text at 4.1:1.
      vars: () => ({ root: { '--nl-hover': 'var(--mantine-primary-color-light)' }, children: {} }),
    },
  },
});

/** WCAG AA contrast for normal text, with a margin for rounding. */
const AA = 4.6;

const contrast = (a: string, b: string) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
};

/** The colour itself when it reads at 4.5:1 on every background, else darkened (or lightened) just enough. */
function readable(color: string, backgrounds: string[], shift: typeof darken = darken): string {
  let candidate = color;
  for (let step = 1; step <= 25 && backgrounds.some((bg) => contrast(candidate, bg) < AA); step += 1)
    candidate = shift(color, step * 0.03);
  return candidate;
}

/**
 * Text colours that meet WCAG AA (axe's color-contrast) in both schemes: dimmed text, errors, links, `c="<color>"`
 * text, and light and outline badges/alerts (their text on their own tinted background, on white and on the
 * grey of table rows). Mantine's defaults fall short: gray-6/dark-2 dimmed, red-6 errors, teal-9 on teal-1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  // Some thousand contrast checks: worked out once per theme, not on each render of the provider.
  let variables = resolved.get(t);
  if (!variables) resolved.set(t, (variables = readableVariables(t)));
  return variables;
};

const resolved = new WeakMap<object, ReturnType<CSSVariablesResolver>>();

function readableVariables(t: Parameters<CSSVariablesResolver>[0]): ReturnType<CSSVariablesResolver> {
  const light: Record<string, string> = {};
  const lightSurfaces = [t.white, t.colors.gray[1]!];
  // Dark 7 the page, 6 cards and inputs, 5 a table row under the pointer.
  const darkSurfaces = [t.colors.dark[7]!, t.colors.dark[6]!, t.colors.dark[5]!];
  const primary = t.colors[t.primaryColor]!;
  for (const [name, shades] of Object.entries(t.colors)) {
    const on = [...lightSurfaces, shades[1]!];
    light[`--mantine-color-${name}-text`] = readable(shades[8]!, on);
    light[`--mantine-color-${name}-outline`] = readable(shades[8]!, on);
    light[`--mantine-color-${name}-light-color`] = readable(shades[9]!, on);
  }
  return {
    variables: {},
    light: {
      ...light,
      '--mantine-color-dimmed': readable(t.colors.gray[7]!, lightSurfaces),
      '--mantine-color-error': readable(t.colors.red[6]!, lightSurfaces),
      '--mantine-color-success': readable(t.colors.teal[8]!, lightSurfaces),
      '--mantine-color-anchor': readable(primary[8]!, lightSurfaces),
    },
    dark: {
      '--mantine-color-dimmed': readable(t.colors.dark[2]!, darkSurfaces, lighten),
      '--mantine-color-error': readable(t.colors.red[8]!, darkSurfaces, lighten),
      '--mantine-color-success': readable(t.colors.teal[8]!, darkSurfaces, lighten),
      '--mantine-color-anchor': readable(primary[4]!, darkSurfaces, lighten),
    },
  };
}

/** Light or dark, saved in this browser (index.html applies it before the first paint). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.colorScheme });
