import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { StaffHomeCounts } from '@storelift/shared';
import {
  apiAuth,
  download,
  expectAccessible,
  freshCustomer,
  launchBrowser,
  newPage,
  signIn,
} from '../support.js';

const ADMIN = 'admin@storelift.test';

let browser: Browser;
/** One staff tab, signed in once, walks every page of the desk in turn. */
let staff: Page;
let staffAuth: Record<string, string>;
/** The staff home's counts before the journeys sent anything. */
let before: StaffHomeCounts;
/** What the customers sent, through the API, before staff look. */
const sent = {
  referrer: '',
  referred: '',
  payout: 0,
  forumPost: 0,
  mapsReview: 0,
  contact: 0,
  payment: 0,
};

async function homeCounts(page: Page) {
  const response = await page.request.get('/api/admin/v1/home', { headers: staffAuth });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: StaffHomeCounts }).data;
}

/** Presses Tab until the element with `testId` has the focus: the page is reached by keyboard. */
async function tabTo(page: Page, testId: string) {
  for (let step = 0; step < 40; step++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    if (focused === testId) return;
  }
  throw new Error(`Tab never reached ${testId}`);
}

/** Opens a staff page from the side menu, as staff do (the app stays loaded), and waits for its `testId`. */
async function openFromMenu(page: Page, name: string, path: string, testId: string) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name }).click();
  await page.waitForURL(`**${path}`);
  // The page's code loads after the address changes: wait for it, not the last page's fields.
  await page.getByTestId(testId).waitFor();
}

/** Picks an option of a desk filter (a Mantine select). */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * A referrer with 100.00 of referral earnings (10 % of the 1,000.00 staff credit their referral), who asks for
 * a payout, sends two bonus program publications and writes to support; all of it before staff sign in.
 */
async function seed(customer: Page) {
  const referrer = await freshCustomer(customer, 'desk');
  sent.referrer = referrer.email;
  const auth = await apiAuth(customer, referrer.email, referrer.password);
  const referrals = await customer.request.get('/api/private/v1/users/referrals', { headers: auth });
  const { code } = ((await referrals.json()) as { summary: { code: string } }).summary;

  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  sent.referred = `desk-referred-${stamp}@example.com`;
  const registered = await customer.request.post('/api/private/v1/register', {
    data: {
      email: sent.referred,
      password: 'Journey123!',
      password_confirmation: 'Journey123!',
      nickname: `deskref${stamp.slice(-9)}`,
      full_name: 'Referred Customer',
      business_type: 'developer',
      country: 'US',
      phone: '15551234567',
      terms: true,
      adult: true,
      locale: 'en-US',
      ref: code,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const users = await customer.request.get(
    `/api/admin/v1/users?search=${encodeURIComponent(sent.referred)}`,
    { headers: staffAuth },
  );
  const referredId = ((await users.json()) as { data: { id: number }[] }).data[0]!.id;
  const credited = await customer.request.put('/api/admin/v1/payments/change-user-balance', {
    headers: staffAuth,
    data: { id: referredId, amount: '1000.00', account_id: 1, paysystem_id: 30, payment_id: `desk-${stamp}` },
  });
  expect(credited.status(), await credited.text()).toBe(200);
  sent.payment = ((await credited.json()) as { data: { payment: { id: number } } }).data.payment.id;

  const post = async (path: string, data: object) => {
    const response = await customer.request.post(`/api/private/v1/${path}`, { headers: auth, data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { data?: { id: number } };
  };
  sent.payout = (await post('users/referral/payout', {
    amount: 60,
    method: 'paypal',
    details: 'paypal: desk@example.com',
  }))!.data!.id;
  sent.forumPost = (await post('users/bonus-program', {
    type: 'forum_post',
    link: 'https://forum.example.com/storelift-review',
  }))!.data!.id;
  sent.mapsReview = (await post('users/bonus-program', {
    type: 'google_maps_review',
    link: 'https://maps.example.com/review/1',
  }))!.data!.id;
  await post('contacts', { subject: `Desk question ${stamp}`, message: 'Hello,\nwhen is my payout sent?' });
  const messages = await customer.request.get(
    `/api/admin/v1/contact-messages?search=${encodeURIComponent(referrer.email)}`,
    { headers: staffAuth },
  );
  sent.contact = ((await messages.json()) as { data: { id: number }[] }).data[0]!.id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await newPage(browser);
  staffAuth = await apiAuth(staff, ADMIN);
  before = await homeCounts(staff);
  const customer = await newPage(browser);
  try {
    await seed(customer);
  } finally {
    await customer.close();
  }
  await signIn(staff, ADMIN);
});
afterAll(() => browser?.close());

describe('staff desk', () => {
  it('staff land on the staff home, whose counts follow what customers sent, and open a list from it', async () => {
    // The sign-in landed staff here.
    expect(new URL(staff.url()).pathname).toBe('/admin/home');
    const now = await homeCounts(staff);
    const card = (key: keyof StaffHomeCounts) => staff.getByTestId(`home-${key}`);
    for (const key of [
      'payments_awaiting',
      'campaigns_waiting',
      'failed_callbacks',
      'new_clients',
      'unread_messages',
    ] as const) {
      await expect.poll(() => card(key).getAttribute('data-count')).toBe(String(now[key]));
    }
    // The two new customers have no manager; one payout, two publications and one message wait.
    expect(now.new_clients).toBe(before.new_clients! + 2);
    await expect
      .poll(() => card('pending_payouts').getAttribute('data-count'))
      .toBe(String(before.pending_payouts! + 1));
    expect(await card('pending_bonus').getAttribute('data-count')).toBe(String(before.pending_bonus! + 2));
    expect(await card('new_contact_messages').getAttribute('data-count')).toBe(
      String(before.new_contact_messages! + 1),
    );
    expect(await card('payments_awaiting').textContent()).toContain('Payments awaiting action');
    await expectAccessible(staff, 'the staff home');

    // Keyboard: a card is a link to its filtered list.
    await card('payments_awaiting').focus();
    await staff.keyboard.press('Enter');
    await staff.waitForURL('**/admin/user-payments?status=received');
  });

  it('staff find a referral payout by filters and mark it paid out', async () => {
    await openFromMenu(staff, 'Staff home', '/admin/home', 'home-pending_payouts');
    await staff.getByTestId('home-pending_payouts').click();
    await staff.waitForURL('**/admin/referral-payouts');
    await staff.getByTestId('payouts-table').waitFor();
    const status = staff.getByTestId(`payout-status-${sent.payout}`);
    await expect.poll(() => status.textContent()).toBe('Pending');
    await staff.getByTestId('desk-search').fill(sent.referrer);
    await pick(staff, 'Method', 'PayPal');
    const rows = staff.getByTestId('payouts-table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('60.00');
    // The status reads whole at 1280 px, not cut to "PEN…".
    const label = status.locator('.mantine-Badge-label');
    expect(await label.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    await pick(staff, 'Method', 'Wise');
    await expect.poll(() => staff.getByText('Nothing matches the filters').count()).toBe(1);
    await pick(staff, 'Method', 'PayPal');
    await expectAccessible(staff, 'the referral payouts page');

    // Keyboard: Tab from the search to the row's button, Enter asks, Enter confirms.
    await staff.getByTestId('desk-search').focus();
    await tabTo(staff, `payout-complete-${sent.payout}`);
    await staff.keyboard.press('Enter');
    const dialog = staff.getByRole('dialog', { name: 'Mark the payout as paid out' });
    await expect
      .poll(() => dialog.textContent())
      .toContain(`You have sent 60.00 to ${sent.referrer} by PayPal`);
    await expectAccessible(staff, 'the payout decision');
    await expect
      .poll(() => staff.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('decision-confirm');
    await staff.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);

    // Done, it leaves the pending list and shows as completed.
    await expect.poll(() => status.count()).toBe(0);
    await pick(staff, 'Status', 'Completed');
    await expect.poll(() => status.textContent()).toBe('Completed');
    expect((await homeCounts(staff)).pending_payouts).toBe(before.pending_payouts);
  });

  it('staff approve one bonus publication and reject the other with a reason', async () => {
    await openFromMenu(staff, 'Bonus submissions', '/admin/bonus-submissions', 'bonus-table');
    await staff.getByTestId('desk-search').fill(sent.referrer);
    const approved = staff.getByTestId(`bonus-status-${sent.forumPost}`);
    const rejected = staff.getByTestId(`bonus-status-${sent.mapsReview}`);
    await expect.poll(() => approved.textContent()).toBe('Under review');
    await expect.poll(() => rejected.textContent()).toBe('Under review');
    await pick(staff, 'Type', 'Google Maps review');
    await expect.poll(() => approved.count()).toBe(0);
    await expectAccessible(staff, 'the bonus submissions page');

    // Reject with a reason: it leaves the list of those under review.
    await staff.getByTestId(`bonus-reject-${sent.mapsReview}`).click();
    const reject = staff.getByRole('dialog', { name: 'Reject the submission' });
    await reject.getByTestId('decision-note').fill('The review is not public');
    await reject.getByTestId('decision-confirm').click();
    await expect.poll(() => reject.count()).toBe(0);
    await expect.poll(() => rejected.count()).toBe(0);

    // Approve the other by keyboard.
    await pick(staff, 'Type', 'Forum or Facebook post');
    await expect.poll(() => approved.count()).toBe(1);
    await staff.getByTestId('desk-search').focus();
    await tabTo(staff, `bonus-approve-${sent.forumPost}`);
    await staff.keyboard.press('Enter');
    const approve = staff.getByRole('dialog', { name: 'Approve the submission' });
    await expect.poll(() => approve.textContent()).toContain('Forum or Facebook post');
    await expectAccessible(staff, 'the bonus decision');
    await staff.keyboard.press('Enter');
    await expect.poll(() => approve.count()).toBe(0);
    await expect.poll(() => approved.count()).toBe(0);

    // Both left the list of those under review; each shows in its own status.
    await pick(staff, 'Status', 'Approved');
    await expect.poll(() => approved.textContent()).toBe('Approved');
    expect(await staff.getByTestId('bonus-table').textContent()).toContain('Reward: 30.00');
    await pick(staff, 'Type', 'Google Maps review');
    await pick(staff, 'Status', 'Rejected');
    await expect.poll(() => rejected.textContent()).toBe('Rejected');
    expect(await staff.getByText('The review is not public').count()).toBe(1);
  });

  it('staff mark a contact message handled with a note', async () => {
    await openFromMenu(staff, 'Contact messages', '/admin/contact-messages', 'contacts-table');
    await staff.getByTestId('desk-search').fill(sent.referrer);
    const status = staff.getByTestId(`contact-status-${sent.contact}`);
    await expect.poll(() => status.textContent()).toBe('New');
    expect(await staff.getByTestId('contacts-table').textContent()).toContain('when is my payout sent?');
    await expectAccessible(staff, 'the contact messages page');

    await staff.getByTestId('desk-search').focus();
    await tabTo(staff, `contact-handle-${sent.contact}`);
    await staff.keyboard.press('Enter');
    const dialog = staff.getByRole('dialog', { name: 'Mark the message as handled' });
    await dialog.getByTestId('decision-note').fill('Answered by e-mail');
    await expectAccessible(staff, 'the contact decision');
    await dialog.getByTestId('decision-confirm').focus();
    await staff.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);

    await expect.poll(() => status.count()).toBe(0);
    await pick(staff, 'Status', 'Handled');
    await expect.poll(() => status.textContent()).toBe('Handled');
    expect(await staff.getByText('Answered by e-mail').count()).toBe(1);
    await expect.poll(() => staff.getByTestId(`contact-reopen-${sent.contact}`).count()).toBe(1);
  });

  it('staff open a customer’s payments and download the generated invoice', async () => {
    await openFromMenu(staff, 'User payments', '/admin/user-payments', 'payments-search');
    await staff.getByTestId('payments-search').fill(sent.referred);
    const button = staff.getByRole('button', {
      name: `Download the generated invoice of payment ${sent.payment}`,
    });
    await expect.poll(() => button.count()).toBe(1);
    const file = await download(staff, button);
    const pdf = await readFile((await file.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
