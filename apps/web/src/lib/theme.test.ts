import { DEFAULT_THEME, mergeMantineTheme, toRgba } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

/** WCAG 2 contrast ratio, written out here rather than taken from the theme. */
function ratio(a: string, b: string) {
  const lum = (color: string) => {
    const { r, g, b: blue } = toRgba(color);
    const [R, G, B] = [r, g, blue].map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * R + 0.7152 * G + 0.0722 * B;
  };
  const [high, low] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const { light, dark } = cssVariablesResolver(full);

describe('the theme colours', () => {
  it('give every colour text, outline and light-variant text at 4.5:1 on white, grey rows and its own tint', () => {
    for (const [name, shades] of Object.entries(full.colors)) {
      for (const use of ['text', 'outline', 'light-color']) {
        const color = light[`--mantine-color-${name}-${use}`]!;
        for (const background of [full.white, full.colors.gray[1]!, shades[1]!])
          expect(ratio(color, background), `${name}-${use} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('give dimmed, error, success and link text 4.5:1 in both schemes', () => {
    for (const variable of [
      '--mantine-color-dimmed',
      '--mantine-color-error',
      '--mantine-color-success',
    ] as const) {
      for (const background of [full.white, full.colors.gray[1]!])
        expect(ratio(light[variable]!, background), `${variable} light`).toBeGreaterThanOrEqual(4.5);
      for (const background of [full.colors.dark[7]!, full.colors.dark[6]!, full.colors.dark[5]!])
        expect(ratio(dark[variable]!, background), `${variable} dark`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('leaves a colour that already reads well as it is', () => {
    expect(light['--mantine-color-gray-light-color']).toBe(full.colors.gray[9]);
    expect(light['--mantine-color-dimmed']).toBe(full.colors.gray[7]);
  });
});
