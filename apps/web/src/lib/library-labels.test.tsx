import { MantineProvider, PasswordInput } from '@mantine/core';
import { render } from '@testing-library/react';
import { DataTable } from 'mantine-datatable';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@storelift/shared';
import { DateField } from '../components/date-field';
import { applyLocale, i18next, initI18n } from './i18n';
import { translateLibraryLabels } from './library-labels';
import { theme } from './theme';

const records = [
  { id: 1, name: 'One' },
  { id: 2, name: 'Two' },
];

/** The library parts the app uses, as they render with the app's theme and labels. */
function LibraryParts() {
  return (
    <MantineProvider theme={theme}>
      <DataTable
        columns={[
          { accessor: 'name', sortable: true },
          { accessor: 'id', sortable: true },
        ]}
        records={records}
        sortStatus={{ columnAccessor: 'name', direction: 'asc' }}
        onSortStatusChange={() => {}}
        selectedRecords={[]}
        onSelectedRecordsChange={() => {}}
        totalRecords={40}
        recordsPerPage={2}
        page={2}
        onPageChange={() => {}}
      />
      <PasswordInput label="Password" />
      <DateField label="Day" value="2026-12-01" onChange={() => {}} clearable />
    </MantineProvider>
  );
}

/** Every accessible label the parts carry in a language (after the page's translation of library labels). */
async function labelsIn(locale: Locale): Promise<string[]> {
  await applyLocale(locale);
  const { container, unmount } = render(
    <I18nextProvider i18n={i18next}>
      <LibraryParts />
    </I18nextProvider>,
  );
  const stop = translateLibraryLabels(container);
  const labels = [...container.querySelectorAll('[aria-label]')].map((element) =>
    element.getAttribute('aria-label')!,
  );
  stop();
  unmount();
  return labels;
}

describe('library labels', () => {
  beforeAll(async () => {
    await initI18n('en-US');
  });

  // Renders the table, the inputs and the date field four times: more than the default 5 s on a busy machine.
  it(
    'are all in the interface language: none stays in English in another language',
    { timeout: 30_000 },
    async () => {
      const english = new Set(await labelsIn('en-US'));
      // The test sees the labels it means to check: sorting, selection, paging, the password toggle, the date field.
      expect([...english]).toEqual(
        expect.arrayContaining([
          'Sorted ascending',
          'Not sorted',
          'Select all records',
          'Next page',
          'Clear',
        ]),
      );
      for (const locale of LOCALES.filter((code) => code !== 'en-US')) {
        const left = (await labelsIn(locale)).filter((label) => english.has(label));
        expect(left, locale).toEqual([]);
      }
    },
  );
});
