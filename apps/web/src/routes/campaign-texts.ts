import { i18next } from '../lib/i18n';

/** Route loader of the campaign pages: their texts (the `campaigns` namespace) arrive with the page's code. */
export function loadCampaignTexts(): Promise<void> {
  return i18next.loadNamespaces('campaigns');
}
