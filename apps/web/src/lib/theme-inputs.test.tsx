import { MantineProvider, NumberInput } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('number inputs of the theme', () => {
  it('keep a value out of range as typed, for the form to refuse with its limit', () => {
    render(
      <MantineProvider theme={theme}>
        <NumberInput label="Share" min={0} max={100} defaultValue={150} />
      </MantineProvider>,
    );
    const input = screen.getByLabelText('Share');
    fireEvent.focus(input);
    fireEvent.blur(input);
    expect((input as HTMLInputElement).value).toBe('150');
  });
});
