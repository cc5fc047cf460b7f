import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.js';
import type { OutboxEntry } from './mailer.js';
import { escapeHtml } from '../../lib/html.js';

/** Newest first. */
export async function readOutbox(outboxDir: string): Promise<OutboxEntry[]> {
  const names = await readdir(outboxDir).catch(() => [] as string[]);
  const entries = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .map(async (name) => JSON.parse(await readFile(join(outboxDir, name), 'utf8')) as OutboxEntry),
  );
  return entries.sort((a, b) => b.id.localeCompare(a.id));
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
  `<style>body{font:14px system-ui;margin:2rem;max-width:60rem}td,th{padding:.3rem .6rem;text-align:left;border-bottom:1px solid #ddd}</style>` +
  `</head><body>${body}</body></html>`;

/** The dev mailbox: the outbox as a web page, so links in mails can be followed (not in production). */
export async function devMailboxRoutes(app: FastifyInstance, options: { outboxDir: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/mailbox', { schema: { hide: true } }, async (_req, reply) => {
    const rows = (await readOutbox(options.outboxDir))
      .map(
        (mail) =>
          `<tr><td>${escapeHtml(mail.date)}</td><td>${escapeHtml(mail.to)}</td>` +
          `<td><a href="/dev/mailbox/${encodeURIComponent(mail.id)}">${escapeHtml(mail.subject)}</a></td>` +
          `<td><a href="/dev/mailbox/${encodeURIComponent(mail.id)}.eml">.eml</a></td></tr>`,
      )
      .join('');
    const body = rows
      ? `<table><tr><th>Date</th><th>To</th><th>Subject</th><th></th></tr>${rows}</table>`
      : '<p>No mail yet.</p>';
    return reply.type('text/html').send(page('Dev mailbox', `<h1>Dev mailbox</h1>${body}`));
  });

  r.get(
    '/mailbox/:id',
    { schema: { hide: true, params: z.object({ id: z.string().regex(/^[\w.-]+$/) }) } },
    async (req, reply) => {
      const raw = req.params.id.endsWith('.eml');
      const id = req.params.id.replace(/\.eml$/, '');
      const file = join(options.outboxDir, `${id}.${raw ? 'eml' : 'json'}`);
      const content = await readFile(file, 'utf8').catch(() => {
        throw new NotFoundError();
      });
      if (raw) return reply.type('message/rfc822').send(content);
      const mail = JSON.parse(content) as OutboxEntry;
      const header = `<p><a href="/dev/mailbox">← Dev mailbox</a></p><h1>${escapeHtml(mail.subject)}</h1><p>To: ${escapeHtml(mail.to)} · ${escapeHtml(mail.date)}</p><hr>`;
      return reply.type('text/html').send(page(mail.subject, header + mail.html));
    },
  );
}
