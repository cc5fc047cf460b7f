import { i18next } from './i18n';
import { notifyInfo } from './notify';

/** "Copied to clipboard" stays for one second (customer-area §8). */
export const COPIED_MS = 1_000;

/** Copies a value and shows a short info alert naming what was copied. */
export async function copyToClipboard(value: string, label?: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
  } catch {
    return false;
  }
  notifyInfo(label ? i18next.t('common.copiedLabel', { label }) : i18next.t('common.copied'), COPIED_MS);
  return true;
}
