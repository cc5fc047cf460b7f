import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  changeUserBalanceBodySchema,
  loginBodySchema,
  MESSAGES,
  registerBodySchema,
  VALIDATION_MESSAGES,
} from '@storelift/shared';
import { ApiError } from './api';
import { applyLocale, initI18n } from './i18n';
import { applyServerErrors, schemaErrors, useSchemaForm } from './use-schema-form';

describe('schema errors', () => {
  it('maps the shared zod issues to one message per field', async () => {
    expect(await schemaErrors(loginBodySchema, { email: 'ab', password: '' })).toEqual({
      email: MESSAGES.emailMin,
      password: MESSAGES.required,
    });
    expect(await schemaErrors(loginBodySchema, { email: 'user@storelift.test', password: 'x' })).toEqual({});
  });

  it('names the limit of a rule without its own message, not zod’s English', async () => {
    const errors = await schemaErrors(changeUserBalanceBodySchema, { id: 'abc', amount: '5', account_id: 1 });
    expect(errors.id).toBe(VALIDATION_MESSAGES.numberExpected);
    const big = await schemaErrors(changeUserBalanceBodySchema, { id: 2 ** 40, amount: '5', account_id: 1 });
    expect(big.id).toBe('Must be at most 2147483647');
  });

  it('reports cross-field rules on their field', async () => {
    const errors = await schemaErrors(registerBodySchema, {
      email: 'new@storelift.test',
      password: 'Demo12345!',
      password_confirmation: 'Demo12345?',
      nickname: 'newbie',
      full_name: 'New Person',
      business_type: 'developer',
      country: 'US',
      phone: '',
      messenger_type: '',
      messenger_id: '',
      terms: true,
      adult: false,
    });
    expect(errors).toEqual({
      password_confirmation: MESSAGES.passwordsMustMatch,
      phone: MESSAGES.phoneOrMessenger,
      adult: MESSAGES.adultRequired,
    });
  });
});

describe('server errors on a form', () => {
  beforeAll(() => initI18n('en-US'));
  const refusal = () =>
    new ApiError(422, MESSAGES.dataNotValid, {
      type: [MESSAGES.bonusVideoSpend],
      link: [MESSAGES.bonusLinkInvalid],
    });

  it('puts a message on the field shown for it and returns those of fields without an input', () => {
    const { result } = renderHook(() => {
      const form = useSchemaForm(() => Promise.resolve(loginBodySchema), { type: 'video', link: '' });
      form.getInputProps('link');
      return form;
    });
    let unmapped: string[] = [];
    act(() => {
      unmapped = applyServerErrors(result.current, refusal());
    });
    // The kind of a bonus submission is a value without an input: its refusal goes to the modal.
    expect(unmapped).toEqual([MESSAGES.bonusVideoSpend]);
    expect(result.current.errors).toEqual({ link: MESSAGES.bonusLinkInvalid });
    expect(result.current.getInputProps('link').error).toBe(MESSAGES.bonusLinkInvalid);
  });

  it('counts a field whose message is read through fieldError as shown', () => {
    const { result } = renderHook(() => {
      const form = useSchemaForm(() => Promise.resolve(loginBodySchema), { type: 'video', link: '' });
      form.fieldError('type');
      return form;
    });
    let unmapped: string[] = [];
    act(() => {
      unmapped = applyServerErrors(result.current, refusal());
    });
    expect(unmapped).toEqual([MESSAGES.bonusLinkInvalid]);
    expect(result.current.fieldError('type')).toBe(MESSAGES.bonusVideoSpend);
  });
});

describe('schema errors on a form', () => {
  beforeAll(async () => {
    await initI18n('es-ES');
    await applyLocale('es-ES');
  });

  it('shows each message by its code and values in the interface language, never by its text', async () => {
    const { result } = renderHook(() => {
      const form = useSchemaForm(() => Promise.resolve(changeUserBalanceBodySchema), {
        id: 2 ** 40,
        amount: '5',
        account_id: 1,
      });
      form.getInputProps('id');
      return form;
    });
    act(() => result.current.onSubmit(() => {})());
    await waitFor(() => expect(result.current.errors.id).toBe('Must be at most 2147483647'));
    expect(result.current.getInputProps('id').error).toBe('Debe ser como máximo 2147483647');
    // A message the page sets itself is shown through its text.
    act(() => result.current.setFieldError('id', MESSAGES.required));
    expect(result.current.getInputProps('id').error).toBe('Este campo es obligatorio');
  });
});
