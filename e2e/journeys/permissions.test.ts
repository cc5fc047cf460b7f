import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAuth, expectAccessible, launchBrowser, newPage, signIn } from '../support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface Matrix {
  role: { id: number; name: string };
  modules: {
    id: number;
    permission_name: string;
    granted: boolean;
    functions: { id: number; granted: boolean }[];
  }[];
}

/** Gives the manager role back its user-orders module, so the other journeys find the demo data as seeded. */
async function regrantUserOrders(page: Page) {
  const admin = await apiAuth(page, 'admin@storelift.test');
  const roles = (await (
    await page.request.get('/api/admin/v1/roles?search=manager', { headers: admin })
  ).json()) as {
    data: { id: number; name: string }[];
  };
  const id = roles.data.find((role) => role.name === 'manager')!.id;
  const matrix = (
    (await (await page.request.get(`/api/admin/v1/roles/${id}/grants`, { headers: admin })).json()) as {
      data: Matrix;
    }
  ).data;
  const modules = matrix.modules
    .filter((m) => m.granted || m.permission_name === 'user-orders')
    .map((m) => m.id);
  const functions = matrix.modules.flatMap((m) => m.functions.filter((f) => f.granted).map((f) => f.id));
  const res = await page.request.put(`/api/admin/v1/roles/${id}/grants`, {
    headers: admin,
    data: { modules, functions },
  });
  expect(res.status(), await res.text()).toBe(200);
}

describe('roles and permissions', () => {
  it('the admin revokes user orders from the manager role: the manager loses the menu entry, the page and the API, and the log viewer shows it', async () => {
    const admin = await newPage(browser);
    const manager = await newPage(browser);
    try {
      await signIn(manager, 'manager@storelift.test');
      const managerMenu = manager.getByRole('navigation', { name: 'Main menu' });
      await expect.poll(() => managerMenu.getByRole('link', { name: 'User orders' }).count()).toBe(1);
      expect(await managerMenu.getByRole('link', { name: 'Roles' }).count()).toBe(0);

      // The admin opens the manager role's permissions from the roles page.
      await signIn(admin, 'admin@storelift.test');
      await admin.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Roles' }).click();
      await admin.waitForURL('**/admin/role');
      await admin.getByTestId('role-grants-manager').waitFor();
      await expectAccessible(admin, 'the roles page');
      await admin.getByTestId('role-grants-manager').click();
      const drawer = admin.getByTestId('grants-drawer');
      const userOrders = drawer
        .getByTestId('grants-module-user-orders')
        .getByRole('checkbox', { name: 'User orders' });
      await expect.poll(() => userOrders.isChecked()).toBe(true);
      await expectAccessible(admin, 'the grants matrix');
      // Keyboard: the box takes focus and Space unticks it.
      await userOrders.focus();
      await admin.keyboard.press('Space');
      await expect.poll(() => userOrders.isChecked()).toBe(false);
      await drawer.getByTestId('grants-save').click();
      await expect.poll(() => admin.getByText('Permissions saved').count()).toBeGreaterThan(0);

      // The manager's next page: no menu entry; the route sends them to the dashboard; the API refuses.
      await manager.goto('/dashboard');
      await expect.poll(() => managerMenu.getByRole('link', { name: 'Dashboard' }).count()).toBe(1);
      await expect.poll(() => managerMenu.getByRole('link', { name: 'User orders' }).count()).toBe(0);
      expect(await managerMenu.getByRole('link', { name: 'User lists' }).count()).toBe(1);
      await manager.goto('/admin/user-orders');
      await manager.waitForURL('**/dashboard');
      const api = await manager.request.get('/api/admin/v1/campaigns', {
        headers: await apiAuth(manager, 'manager@storelift.test'),
      });
      expect(api.status()).toBe(403);

      // The log viewer shows the revoke, with user-orders gone from the role's modules.
      await admin.keyboard.press('Escape');
      await admin
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Log viewer' })
        .click();
      await admin.waitForURL('**/admin/log-viewer');
      await admin.getByTestId('audit-action').click();
      // The list keeps the page before on screen while the filtered one loads: its rows are read once it came.
      await Promise.all([
        admin.waitForResponse((response) => /\/api\/admin\/v1\/audit\?.*action=/.test(response.url())),
        admin.getByRole('option', { name: 'Permissions changed' }).click(),
      ]);
      const row = admin
        .getByTestId('audit-table')
        .getByRole('row')
        .filter({ hasText: 'Permissions changed' })
        .first();
      await expect.poll(() => row.textContent()).toContain('admin@storelift.test');
      await row.getByRole('button', { name: /Show the change/ }).click();
      const change = admin.locator('[data-testid^="audit-change-"]').first();
      const modules = change.getByRole('row').filter({ hasText: 'modules' });
      await expect.poll(() => modules.textContent()).toContain('user-orders');
      // Read as before → after, not as JSON.
      expect(await modules.textContent()).toContain('→');
      expect(await change.textContent()).not.toMatch(/[{}"]/);
      await expectAccessible(admin, 'the log viewer');
    } finally {
      await regrantUserOrders(admin);
      await admin.close();
      await manager.close();
    }
  });

  it('lists modules and functions, and creates a module from the keyboard', async () => {
    const admin = await newPage(browser);
    await signIn(admin, 'admin@storelift.test');
    await admin.goto('/admin/modules');
    await admin.getByTestId('modules-search').fill('orders');
    await admin.getByTestId('modules-table').getByText('user-orders').waitFor();
    await expectAccessible(admin, 'the modules page');

    // A module of the staff's own, through the form by keyboard alone.
    const name = `reports${Date.now() % 100000}`;
    await admin.getByTestId('module-add').focus();
    await admin.keyboard.press('Enter');
    await admin.getByTestId('entry-name').waitFor();
    // The dialog focuses its first field once open: typing before that (a busy machine) would lose the keys.
    await expect
      .poll(() => admin.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('entry-name');
    await admin.keyboard.type('Reports');
    await admin.keyboard.press('Tab');
    await admin.keyboard.press('Tab');
    await admin.keyboard.type(name);
    await expectAccessible(admin, 'the module form');
    await admin.keyboard.press('Enter');
    await expect.poll(() => admin.getByText('Module saved').count()).toBeGreaterThan(0);
    await admin.getByTestId('modules-search').fill(name);
    await admin.getByTestId('modules-table').getByText(name).waitFor();

    await admin.goto('/admin/functions');
    await admin.getByTestId('functions-table').getByText('users.change-balance').waitFor();
    await expectAccessible(admin, 'the functions page');
    await admin.close();
  });
});
