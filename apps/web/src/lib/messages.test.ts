import { beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, fillMessage, MESSAGES, VALIDATION_MESSAGES } from '@storelift/shared';
import { applyLocale, initI18n } from './i18n';
import { loadMessages, textLimitError, translateMessage } from './messages';
import './campaign-messages';

describe('translating server texts', () => {
  beforeAll(async () => {
    await initI18n('es-ES');
    await applyLocale('es-ES');
    await loadMessages();
  });

  it('translates MESSAGES and registered texts, and keeps unknown texts as sent', () => {
    expect(translateMessage(MESSAGES.required)).not.toBe(MESSAGES.required);
    expect(translateMessage(CAMPAIGN_MESSAGES.campaignOrdered)).not.toBe(CAMPAIGN_MESSAGES.campaignOrdered);
    expect(translateMessage('Something the client never heard of')).toBe(
      'Something the client never heard of',
    );
  });

  it('recognises a filled-in template and carries its values into the translation', () => {
    const sent = fillMessage(CAMPAIGN_MESSAGES.campaignMinInstalls, { minInstalls: 5, days: 7 });
    const shown = translateMessage(sent);
    expect(shown).not.toBe(sent);
    expect(shown).toContain('5');
    expect(shown).toContain('7');
    expect(translateMessage(fillMessage(CAMPAIGN_MESSAGES.campaignDraftSaved, { id: 42 }))).toContain('#42');
  });

  it('translates the generic rules with their limit, the most specific template first', () => {
    expect(translateMessage(fillMessage(VALIDATION_MESSAGES.numberMax, { max: 100 }))).toBe(
      'Debe ser como máximo 100',
    );
    expect(translateMessage(fillMessage(VALIDATION_MESSAGES.textMin, { min: 3 }))).toBe(
      'Debe tener al menos 3 caracteres',
    );
    expect(translateMessage(VALIDATION_MESSAGES.numberExpected)).toBe('Introduce un número');
  });

  it('names the limit of a free text over it, as the server refuses it', () => {
    expect(textLimitError('x'.repeat(501), 500)).toBe('Debe tener como máximo 500 caracteres');
    expect(textLimitError(`${'x'.repeat(500)}  `, 500)).toBeUndefined();
  });
});
