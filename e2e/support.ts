import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumPath } from './chromium-path.mjs';

export const baseUrl = () => inject('baseUrl');
export const DEMO_PASSWORD = 'Demo12345!';

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium is not installed (apt-get install -y chromium)');
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'en-US' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** The first link in the newest outbox mail to an address, waiting for the mail job. */
export async function mailLink(to: string): Promise<string> {
  const outbox = join(inject('dataDir'), 'outbox');
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mails = safeList(outbox)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .reverse()
      .map((name) => JSON.parse(readFileSync(join(outbox, name), 'utf8')) as { to: string; text: string });
    const mail = mails.find((entry) => entry.to === to);
    const link = mail && /https?:\/\/\S+/.exec(mail.text)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to}`);
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
