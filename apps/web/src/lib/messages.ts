import { MESSAGES, messageKey, type MessageKey } from '@storelift/shared';
import { ApiError } from './api';
import { i18next } from './i18n';

/**
 * The `messages` namespace holds the translations of the server's and the validators' texts (MESSAGES).
 * It loads with the first form interaction or the signed-in area; until then texts stay in English.
 */
export function loadMessages(): Promise<void> {
  return i18next.loadNamespaces('messages');
}

/** A known MESSAGES text by key, in the interface language. */
export function messageText(key: MessageKey): string {
  return i18next.hasLoadedNamespace('messages') ? i18next.t(key, { ns: 'messages' }) : MESSAGES[key];
}

/** A server or validation message in the interface language when it is a known text, else as sent. */
export function translateMessage(text: string): string {
  const key = messageKey(text);
  return key ? messageText(key) : text;
}

/** Every message of an error map, flattened and translated (for the error modal). */
export function flattenErrors(errors: Record<string, readonly string[]> | undefined): string[] {
  return Object.values(errors ?? {})
    .flat()
    .map(translateMessage);
}

/** The user-facing text of any thrown error. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return messageText('somethingWrong');
    if (error.status === 429) return messageText('tooManyRequests');
    if (error.status === 503) return messageText('maintenance');
    return translateMessage(error.message);
  }
  return messageText('somethingWrong');
}
