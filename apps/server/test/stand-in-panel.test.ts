import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandInPanel, type StandInPanel } from './stand-in-panel.js';

let panel: StandInPanel;

beforeAll(async () => {
  panel = await startStandInPanel({ balance: '1.00' });
});
afterAll(() => panel.close());

/** Posts a form (or anything else) to the stand-in: its HTTP status and body text. */
async function post(fields: Record<string, string>, init: { method?: string; type?: string } = {}) {
  const res = await fetch(panel.url, {
    method: init.method ?? 'POST',
    headers: { 'content-type': init.type ?? 'application/x-www-form-urlencoded' },
    ...(init.method !== 'GET' && { body: new URLSearchParams(fields).toString() }),
  });
  return { status: res.status, body: await res.text() };
}

describe('stand-in panel', () => {
  it('records what a well-behaved client never sends, and answers it as a panel would', async () => {
    const key = panel.key;
    await post({ key, action: 'balance' }, { method: 'GET' });
    await post({ key, action: 'balance' }, { type: 'application/json' });
    expect((await post({ key: 'wrong', action: 'balance' })).body).toBe('{"error":"Invalid API key"}');
    await post({ key, action: 'explode' });
    await post({ key, action: 'add', service: '1', link: 'https://play.google.com/x' });
    await post({
      key,
      action: 'add',
      service: '1',
      link: 'https://play.google.com/x',
      quantity: '10',
      runs: '2',
    });
    await post({ key, action: 'status', orders: Array.from({ length: 101 }, (_, i) => i + 1).join(',') });
    await post({ key, action: 'status', orders: '1,x' });
    expect(panel.violations).toEqual([
      'method GET',
      'wrong key',
      'content type application/json',
      'wrong key',
      'unknown action: explode',
      'add: quantity is missing',
      'add: runs and interval go together',
      'orders holds 101 ids (at most 100)',
      'orders is malformed: 1,x',
    ]);
    expect(panel.requests.map((each) => each.action)).toContain('explode');
    panel.violations.length = 0;
  });

  it('refuses what a panel refuses without counting it a violation', async () => {
    const link = 'https://play.google.com/store/apps/details?id=x';
    expect(panel.place({ service: '1', link, quantity: 100 }).charge).toBe('0.09');
    expect(() => panel.place({ service: '1', link, quantity: 5 })).toThrow('Quantity less than minimal 10');
    expect(() => panel.place({ service: '99', link, quantity: 100 })).toThrow('Incorrect service ID');
    expect(() => panel.place({ service: '3', link, quantity: 100 })).toThrow('Not enough funds on balance');
    expect(panel.balance()).toBe('0.91');
    expect(panel.violations).toEqual([]);
  });

  it('moves orders on when told, and answers sloppily on demand', async () => {
    const order = panel.place({ service: '1', link: 'https://play.google.com/x', quantity: 10 }).order;
    panel.advance(4);
    expect(panel.orders.get(order)).toMatchObject({ status: 'In progress', remains: 6 });
    panel.setOrder(order, { status: 'Partial', charge: '0.005' });
    panel.sloppy('strings');
    expect(JSON.parse((await post({ key: panel.key, action: 'status', order })).body)).toEqual({
      charge: '0.005',
      start_count: '0',
      status: ' partial ',
      remains: '6',
      currency: 'USD',
    });
    panel.sloppy('html');
    expect(await post({ key: panel.key, action: 'balance' })).toMatchObject({ status: 502 });
    expect(JSON.parse((await post({ key: panel.key, action: 'balance' })).body)).toEqual({
      balance: '0.901',
      currency: 'USD',
    });
    expect(panel.violations).toEqual([]);
  });
});
