import { eq, sql } from 'drizzle-orm';
import {
  PAYMENT_SYSTEMS,
  TRANSFER_EXPIRY_DAYS_DEFAULT,
  formatMoney,
  parseMoney,
  type ReceivingSettings,
} from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { marketingActions, paymentSystems, payments, pricePlans } from '../../db/schema/index.js';
import { PLAN_DEFINITIONS } from '../plans/plans.data.js';
import { buyTokens } from '../api-credits/api-credits.service.js';
import { findUserByEmail } from '../users/users.repo.js';
import { creditLocked } from './payment-events.js';
import { PAYSYSTEM_DEFINITIONS } from './paysystems.data.js';
import { insertPayment, markCreditMailed } from './payments.repo.js';
import { paymentActionFor, quoteOf } from './payments.service.js';
import { receivingSettingsStored, storeReceivingSettings } from './receiving-details.js';

/**
 * Reference rows of the money area: the twelve payment systems (kept as staff switched them), the nine
 * plans (kept in step with the code). Their prices are data, seeded by the migration and edited by staff.
 */
export async function seedMoneyReference(db: Db) {
  await db.insert(paymentSystems).values(PAYSYSTEM_DEFINITIONS).onConflictDoNothing();
  await db
    .insert(pricePlans)
    .values(PLAN_DEFINITIONS.map((plan, index) => ({ ...plan, sort: index + 1 })))
    .onConflictDoUpdate({
      target: pricePlans.id,
      set: {
        name: sql`excluded.name`,
        threshold: sql`excluded.threshold`,
        discount: sql`excluded.discount`,
        is_reseller: sql`excluded.is_reseller`,
        sort: sql`excluded.sort`,
      },
    });
}

/** The demo payment bonus action: 10 % from 2,000 and 15 % from 7,000 per payment. */
const DEMO_BONUS_TIERS = [
  { from: '2000.0000', percent: '10.0000' },
  { from: '7000.0000', percent: '15.0000' },
];

/** Example receiving accounts (not real ones), so the embedded default offers the three transfer systems. */
const DEMO_RECEIVING: ReceivingSettings = {
  expiry_days: TRANSFER_EXPIRY_DAYS_DEFAULT,
  systems: [
    {
      paysystem_id: PAYMENT_SYSTEMS.bankTransfer,
      beneficiary: 'Storelift Demo Ltd',
      bank_name: 'Example Bank AG (demo)',
      account: 'DE89 3704 0044 0532 0130 00',
      swift: 'EXAMDEFFXXX',
      routing: '',
      bank_address: 'Example Straße 1, 60311 Frankfurt am Main, Germany',
    },
    {
      paysystem_id: PAYMENT_SYSTEMS.wise,
      beneficiary: 'Storelift Demo Ltd',
      bank_name: 'Wise account (demo)',
      account: '8310 0012 3456',
      swift: 'EXAMUS33',
      routing: '123456789',
      bank_address: '1 Example Avenue, New York, NY 10001, United States',
    },
    {
      paysystem_id: PAYMENT_SYSTEMS.payoneer,
      beneficiary: 'Storelift Demo Ltd',
      bank_name: 'Payoneer receiving account (demo)',
      account: '4000 1234 5678',
      swift: '',
      routing: '987654321',
      bank_address: '2 Example Road, Commerce, GA 30529, United States',
    },
  ],
};

/**
 * Demo money: the payment bonus action (when none runs), example receiving details for bank transfer, Wise and
 * Payoneer, and for user@storelift.test two credited
 * top-ups (PayPal 500, card 2,500 with its bonus: Silver plan) and a token pack bought from the balance.
 */
export async function seedMoneyDemo(db: Db) {
  const [running] = await db
    .select({ id: marketingActions.id })
    .from(marketingActions)
    .where(
      sql`${marketingActions.type} = 'payment' and ${marketingActions.is_active} and (${marketingActions.ends_at} is null or ${marketingActions.ends_at} > now())`,
    )
    .limit(1);
  if (!running) {
    await db.insert(marketingActions).values({
      type: 'payment',
      name: 'Top-up bonus',
      text: 'Top up 2,000 or more and get 10 % on your bonus balance, 7,000 or more and get 15 %.',
      starts_at: new Date(Date.now() - 86_400_000),
      tiers: DEMO_BONUS_TIERS,
    });
  }
  // Once: staff's own details are never replaced.
  if (!(await receivingSettingsStored(db))) await storeReceivingSettings(db, DEMO_RECEIVING);
  const user = await findUserByEmail(db, 'user@storelift.test');
  if (!user) return;
  const [existing] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.user_id, user.id))
    .limit(1);
  if (existing) return;
  const action = await paymentActionFor(db, user);
  for (const [paysystemId, amount] of [
    [PAYMENT_SYSTEMS.paypal, '500'],
    [PAYMENT_SYSTEMS.card, '2500'],
  ] as const) {
    const [system] = await db.select().from(paymentSystems).where(eq(paymentSystems.id, paysystemId));
    const q = quoteOf(system!, parseMoney(amount), user.country, action);
    await db.transaction(async (tx) => {
      const payment = await insertPayment(tx, {
        user_id: user.id,
        paysystem_id: paysystemId,
        amount: formatMoney(q.amount),
        fee: formatMoney(q.fee),
        vat: formatMoney(q.vat),
        total: formatMoney(q.total),
        bonus: formatMoney(q.bonus),
        status: 'received',
        provider: 'sandbox',
        details: `${system!.name} (sandbox)`,
      });
      await creditLocked(tx, payment);
      // Demo history, not news: its payers are not mailed that it was credited.
      await markCreditMailed(tx, payment.id);
    });
  }
  await buyTokens(db, user.id, 1000);
}
