import { i18next } from './i18n';

/**
 * The labels libraries write in English whatever the language, and no prop replaces (mantine-datatable's sort
 * icons and selection checkboxes, Mantine's password toggle when a form forgets it), by text, with their key
 * under `library.` of the translation namespace. Labels a prop or the theme can give are given there
 * (lib/theme.ts, components/paged-table.tsx, components/date-field.tsx); these are translated in the page.
 */
export const LIBRARY_LABELS: Readonly<Record<string, string>> = {
  'Sorted ascending': 'sortedAscending',
  'Sorted descending': 'sortedDescending',
  'Not sorted': 'notSorted',
  'Select all records': 'selectAll',
  'Next page': 'nextPage',
  'Previous page': 'previousPage',
  'Toggle password visibility': 'togglePassword',
};
/** "Select record 3" of a table's row checkboxes. */
const SELECT_RECORD = /^Select record (\d+)$/;

/** The English text a label was written with, so a language switch can translate it again. */
const ORIGINAL = 'data-label-en';

function translated(english: string): string | undefined {
  const key = LIBRARY_LABELS[english];
  if (key) return i18next.t(`library.${key}` as 'library.nextPage');
  const row = SELECT_RECORD.exec(english);
  return row ? i18next.t('library.selectRecord', { number: row[1] }) : undefined;
}

function translateElement(element: Element): void {
  const label = element.getAttribute('aria-label');
  if (label === null) return;
  // A library's English label, or one translated before (a language switch translates it again).
  const original = translated(label) !== undefined ? label : element.getAttribute(ORIGINAL);
  const text = original && translated(original);
  if (!original || !text) return;
  element.setAttribute(ORIGINAL, original);
  if (text !== label) element.setAttribute('aria-label', text);
}

function translateTree(root: Element): void {
  if (root.hasAttribute('aria-label')) translateElement(root);
  root.querySelectorAll('[aria-label]').forEach(translateElement);
}

/**
 * Translates the library labels under `root` now, whenever the page adds or relabels an element, and again on
 * a language change. Returns the function that stops it.
 */
export function translateLibraryLabels(root: Element = document.body): () => void {
  translateTree(root);
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      if (mutation.type === 'attributes') translateElement(mutation.target as Element);
      else mutation.addedNodes.forEach((node) => node instanceof Element && translateTree(node));
    }
  });
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-label'],
  });
  const again = () => root.querySelectorAll(`[${ORIGINAL}]`).forEach(translateElement);
  i18next.on('languageChanged', again);
  return () => {
    observer.disconnect();
    i18next.off('languageChanged', again);
  };
}
