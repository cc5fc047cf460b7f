import { i18next } from '../lib/i18n';

/** Route loader of the money pages: their texts (the `money` namespace) arrive with the page's code. */
export function loadMoneyTexts(): Promise<void> {
  return i18next.loadNamespaces('money');
}
