import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyLocale, initI18n } from '../lib/i18n';
import { theme } from '../lib/theme';
import { DateField, parseTypedDay } from './date-field';

describe('date field', () => {
  beforeAll(async () => {
    await initI18n('en-US');
    await applyLocale('en-US');
  });

  it('shows the day as DD.MM.YYYY, not the browser’s mm/dd/yyyy', () => {
    render(
      <MantineProvider theme={theme}>
        <DateField label="Ends" value="2026-12-01" onChange={() => {}} />
      </MantineProvider>,
    );
    expect((screen.getByLabelText('Ends') as HTMLInputElement).value).toBe('01.12.2026');
  });

  it('reads a typed DD.MM.YYYY day and refuses a day that does not exist', () => {
    expect(parseTypedDay('01.12.2026')).toBe('2026-12-01');
    expect(parseTypedDay('1/2/2026')).toBe('2026-02-01');
    expect(parseTypedDay('2026-12-01')).toBe('2026-12-01');
    expect(parseTypedDay('31.02.2026')).toBeNull();
    expect(parseTypedDay('12/31/2026')).toBeNull();
  });
});
