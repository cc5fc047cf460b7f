import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BONUS_PROGRAM_TYPES, LOCALES, PAYMENT_SYSTEMS, type Transaction } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeTopUp, makeUser } from '../../../test/factories.js';
import { localizeText } from './reference-texts.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
});
afterAll(() => t.close());

/** Brand names and lists of brands read the same in every language. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'PayPal',
  'Alipay',
  'Payoneer',
  'Wise',
  'Fondy',
  'VIP',
  'Visa, Mastercard, American Express',
]);

type Texts = string[];
const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ url: `/api/private/v1/${url}`, headers });

/** The texts of the payment systems and plans answers in a language. */
async function textsIn(auth: Record<string, string>, language?: string): Promise<Texts> {
  const headers = language ? { ...auth, 'accept-language': language } : auth;
  const systems = (await get('paysystems', headers)).json().data as {
    name: string;
    description: string | null;
  }[];
  const plans = (await get('priceplans?limit=0&page=1', headers)).json().data as {
    name: string;
    next: { name: string } | null;
  }[];
  const current = (await get('priceplans/current', headers)).json().data as {
    name: string;
    next: { name: string };
  };
  return [
    ...systems.flatMap((system) => [system.name, system.description ?? '']),
    ...plans.flatMap((plan) => [plan.name, plan.next?.name ?? '']),
    current.name,
    current.next.name,
  ].filter(Boolean);
}

describe('reference texts in the request language', () => {
  it('answers payment systems and plans in English by default and without an English text in other locales', async () => {
    const { auth } = await makeUser(t.database.db);
    const english = await textsIn(auth);
    expect(english).toContain('Card');
    expect(english).toContain('Bronze');
    expect(await textsIn(auth, 'en-US')).toEqual(english);
    for (const locale of LOCALES.filter((l) => l !== 'en-US')) {
      const localized = await textsIn(auth, `${locale},en;q=0.8`);
      expect(localized).toHaveLength(english.length);
      const untranslated = localized.filter(
        (text, i) => text === english[i] && !SAME_IN_EVERY_LANGUAGE.has(text),
      );
      expect(untranslated, locale).toEqual([]);
    }
  });

  it('matches a language without a region and falls back to English for an unknown one', async () => {
    const { auth } = await makeUser(t.database.db);
    expect((await textsIn(auth, 'uk'))[0]).toBe('Картка');
    expect((await textsIn(auth, 'de-DE, fr;q=0.5'))[0]).toBe('Card');
  });
});

describe('the ledger and payments in the request language', () => {
  it('names a payment system in Ukrainian; a top-up row has its key and the English text (the web translates)', async () => {
    const { user, auth } = await makeUser(t.database.db);
    await makeTopUp(t.database.db, user.id, '100', { paysystemId: PAYMENT_SYSTEMS.card });
    const headers = { ...auth, 'accept-language': 'uk-UA' };
    const payments = (await get('payments', headers)).json().data as { paysystem: { name: string } }[];
    expect(payments.map((payment) => payment.paysystem.name)).toEqual(['Картка']);
    const rows = (await get('transactions', headers)).json().data as Transaction[];
    const topUp = rows.find((row) => row.type === 'top_up')!;
    expect(topUp.description).toMatch(/^Top-up #\d+$/);
    expect(topUp.description_key).toBe('topUp');
  });
});

describe('localizeText', () => {
  it('fills the templates of ledger descriptions and keeps unknown or edited texts as they are', () => {
    expect(localizeText('uk-UA', 'Top-up #12')).toBe('Поповнення #12');
    expect(localizeText('es-ES', 'Campaign #7 edited: 12.50 more')).toBe('Campaña #7 editada: 12.50 más');
    expect(localizeText('ru-RU', 'Campaign #7')).toBe('Кампания #7');
    expect(localizeText('uk-UA', 'API tokens: 1000 credits (auto-refresh)')).toBe(
      'API-токени: 1000 кредитів (автопоповнення)',
    );
    expect(localizeText('uk-UA', 'Top-up #12 by hand')).toBe('Top-up #12 by hand');
    expect(localizeText('uk-UA', 'Card for business')).toBe('Card for business');
    expect(localizeText('en-US', 'Card')).toBe('Card');
  });
});

describe('the ledger lines and plan names added with the programs pages', () => {
  it('translates every bonus program reward line written before ledger keys in every language', () => {
    for (const locale of LOCALES.filter((locale) => locale !== 'en-US')) {
      for (const type of BONUS_PROGRAM_TYPES) {
        const english = `Bonus program: ${type.replaceAll('_', ' ')}`;
        expect(localizeText(locale, english), `${locale} ${type}`).not.toBe(english);
      }
    }
    expect(localizeText('uk-UA', 'Bonus program: video')).toBe('Бонусна програма: Відеовідгук');
  });

  it('names the plan on the resellers page in the request language', async () => {
    const { auth } = await makeUser(t.database.db);
    const res = await get('resellers', { ...auth, 'accept-language': 'uk-UA' });
    expect(res.json().priceplan).toBe('Базовий');
    expect((await get('resellers', auth)).json().priceplan).toBe('Base');
  });
});
