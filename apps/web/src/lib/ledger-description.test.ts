import { describe, expect, it } from 'vitest';
import { createInstance } from 'i18next';
import { LEDGER_KEYS, ledgerText, type Transaction } from '@storelift/shared';
import en from '../locales/en-US.money.json';
import ru from '../locales/ru-RU.money.json';
import es from '../locales/es-ES.money.json';
import { ledgerDescription } from './ledger-description';

const row = (overrides: Partial<Transaction>): Transaction => ({
  id: 1,
  type: 'refund',
  account: 'main',
  account_id: 1,
  amount: '1.0000',
  balance_after: '1.0000',
  reference_type: 'campaign',
  reference_id: '48',
  description: 'Campaign #48 canceled: 1 install undelivered',
  description_key: 'campaignCanceled',
  description_params: { id: 48, count: 1 },
  by_support: false,
  appstore: null,
  package: null,
  created_at: '2026-11-28T10:00:00.000Z',
  ...overrides,
});

async function tOf(lng: string, money: object) {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { [lng]: { money } }, defaultNS: 'money' });
  return i18n.getFixedT(lng, 'money');
}

describe('ledger descriptions', () => {
  it('render the key in the reader’s language with its plural', async () => {
    const t = await tOf('ru-RU', ru);
    const text = (count: number) => ledgerDescription(t, row({ description_params: { id: 48, count } }));
    expect(text(1)).toBe('Кампания #48 отменена: не выполнено 1 установка');
    expect(text(3)).toBe('Кампания #48 отменена: не выполнено 3 установки');
    expect(text(5)).toBe('Кампания #48 отменена: не выполнено 5 установок');
    const english = await tOf('en-US', en);
    expect(ledgerDescription(english, row({}))).toBe('Campaign #48 canceled: 1 install undelivered');
    const spanish = await tOf('es-ES', es);
    expect(
      ledgerDescription(
        spanish,
        row({ description_key: 'campaignEditedMore', description_params: { id: 7, amount: '12.5000' } }),
      ),
    ).toBe('Campaña #7 editada: 12.50 más');
  });

  it('keep the stored text of a row without a key', async () => {
    const t = await tOf('ru-RU', ru);
    const old = row({
      description: 'Campaign #48 canceled: 1 installs undelivered',
      description_key: null,
      description_params: null,
    });
    expect(ledgerDescription(t, old)).toBe('Campaign #48 canceled: 1 installs undelivered');
  });

  it('exist for every key the server writes, and say in English what the server stores', async () => {
    const t = await tOf('en-US', en);
    for (const key of LEDGER_KEYS) {
      for (const count of [1, 3]) {
        const params = { id: 48, day: 2, count, amount: '12.50' };
        const text = ledgerDescription(t, row({ description_key: key, description_params: params }));
        expect(text, key).toBe(ledgerText({ key, params }));
      }
    }
  });
});
