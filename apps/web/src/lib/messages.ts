import { fillMessage, MESSAGES, messageKey, VALIDATION_MESSAGES, type MessageKey } from '@storelift/shared';
import { ApiError, type ErrorCodeOf } from './api';
import { i18next } from './i18n';
import { extraKeys, extraTemplates, registerMessageTexts } from './register-messages';

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

/*
 * Texts of other rule sets (STORE_LINK_MESSAGES under `storeLink.*`, CAMPAIGN_MESSAGES under `campaign.*` of
 * the same namespace): the code that can meet them registers them when it loads (lib/store-link-messages.ts,
 * lib/campaign-messages.ts, through lib/register-messages.ts), so the sign-in page carries neither the texts
 * nor the zod rules beside them. The generic rules' texts (VALIDATION_MESSAGES: "Must be at most {{max}}")
 * can come from any form, so they are registered here.
 */
registerMessageTexts('validation', VALIDATION_MESSAGES);

/** The registered key of a text, with the values a template was filled with. */
function extraMessage(text: string): { key: string; values: Record<string, string> } | undefined {
  const key = extraKeys.get(text);
  if (key) return { key, values: {} };
  for (const template of extraTemplates) {
    const match = template.pattern.exec(text);
    if (match) {
      return {
        key: template.key,
        values: Object.fromEntries(template.names.map((n, i) => [n, match[i + 1]!])),
      };
    }
  }
  return undefined;
}

/** A server or validation message in the interface language when it is a known text, else as sent. */
export function translateMessage(text: string): string {
  const key = messageKey(text);
  if (key) return messageText(key);
  const extra = extraMessage(text);
  // The key is only known at run time; the locale test checks every registered one exists.
  return extra && i18next.hasLoadedNamespace('messages')
    ? i18next.t(extra.key as 'required', { ns: 'messages', ...extra.values })
    : text;
}

/**
 * A message by its code, filled with its values, in the interface language (docs/contract.md, "Error codes");
 * the English text as sent when the code has no translation (a code newer than this client, or the generic code
 * on a text outside the catalog, such as a framework's). Without a code, the text is looked up by itself.
 */
export function codedText(coded: ErrorCodeOf | undefined, sent: string): string {
  if (!coded) return translateMessage(sent);
  const outsideCatalog = coded.code === 'dataNotValid' && sent !== MESSAGES.dataNotValid;
  if (
    outsideCatalog ||
    !i18next.hasLoadedNamespace('messages') ||
    !i18next.exists(coded.code, { ns: 'messages' })
  )
    return sent;
  // The code is only known at run time; the locale test checks every catalog code has a key.
  return i18next.t(coded.code as 'required', { ns: 'messages', ...coded.params });
}

/** The field messages of a 422 in the interface language, by their codes, per field. */
export function fieldErrorTexts(error: ApiError): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(error.errors ?? {}).map(([field, messages]) => [
      field,
      messages.map((message, at) => codedText(error.fieldCodes?.[field]?.[at], message)),
    ]),
  );
}

/** Every field message of a 422, flattened, by their codes in the interface language (for the error modal). */
export function flattenErrors(error: ApiError): string[] {
  return Object.values(fieldErrorTexts(error)).flat();
}

/** The user-facing text of any thrown error. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return messageText('somethingWrong');
    if (error.status === 429) return messageText('tooManyRequests');
    if (error.status === 503) return messageText('maintenance');
    return codedText(
      error.code === undefined ? undefined : { code: error.code, params: error.params },
      error.message,
    );
  }
  return messageText('somethingWrong');
}

/**
 * The message of a free text over its limit, as the server would refuse it ("Must be at most 500 characters"),
 * for a field outside a schema form: the field shows the limit instead of cutting what was typed.
 */
export function textLimitError(value: string, max: number): string | undefined {
  return value.trim().length > max
    ? codedText(
        { code: 'validation.textMax', params: { max } },
        fillMessage(VALIDATION_MESSAGES.textMax, { max }),
      )
    : undefined;
}
