import { beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, fillMessage, MESSAGES, VALIDATION_MESSAGES } from '@storelift/shared';
import { applyLocale, initI18n } from './i18n';
import { ApiError } from './api';
import {
  errorText,
  fieldErrorTexts,
  flattenErrors,
  loadMessages,
  textLimitError,
  translateMessage,
} from './messages';
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

  it('writes a server field error by its code and values, and an error by its code', () => {
    const body = {
      message: MESSAGES.dataNotValid,
      code: 'dataNotValid',
      errors: { name: ['Must be at most 5 characters'] },
      error_codes: { name: [{ code: 'validation.textMax', params: { max: 5 } }] },
    };
    const refused = new ApiError(422, body.message, body.errors, body);
    expect(fieldErrorTexts(refused)).toEqual({ name: ['Debe tener como máximo 5 caracteres'] });
    expect(flattenErrors(refused)).toEqual(['Debe tener como máximo 5 caracteres']);
    const inUse = { message: 'This role is held by 3 users', code: 'access.roleInUse', params: { count: 3 } };
    expect(errorText(new ApiError(409, inUse.message, undefined, inUse))).toBe(
      'Este rol lo tienen 3 usuarios: elige antes un rol al que moverlos',
    );
    const filled = fillMessage(CAMPAIGN_MESSAGES.campaignMinInstalls, { minInstalls: 5, days: 7 });
    const coded = {
      message: filled,
      code: 'campaign.campaignMinInstalls',
      params: { minInstalls: 5, days: 7 },
    };
    expect(errorText(new ApiError(422, filled, undefined, coded))).toBe(translateMessage(filled));
    // The generic code on a text outside the catalog (a framework's): shown as sent, never looked up by its text.
    const outside = { message: 'Body is not valid JSON', code: 'dataNotValid' };
    expect(errorText(new ApiError(400, outside.message, undefined, outside))).toBe('Body is not valid JSON');
    const unknown = { message: 'Something new', code: 'newer.code' };
    expect(errorText(new ApiError(409, unknown.message, undefined, unknown))).toBe('Something new');
  });
});
