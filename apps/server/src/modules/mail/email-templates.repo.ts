import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { emailTemplates } from '../../db/schema/index.js';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;

export function listTemplates(db: Queryable): Promise<EmailTemplateRow[]> {
  return db.select().from(emailTemplates).orderBy(asc(emailTemplates.name), asc(emailTemplates.locale));
}

/** One template in one language; `lock` holds it for a change. */
export async function findTemplate(
  db: Queryable,
  name: string,
  locale: string,
  lock = false,
): Promise<EmailTemplateRow | undefined> {
  const query = db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.name, name), eq(emailTemplates.locale, locale)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function saveTemplate(
  db: Queryable,
  row: Omit<EmailTemplateRow, 'updated_at'>,
): Promise<EmailTemplateRow> {
  const texts = { subject: row.subject, body: row.body, action: row.action, footer: row.footer };
  const [saved] = await db
    .insert(emailTemplates)
    .values(row)
    .onConflictDoUpdate({
      target: [emailTemplates.name, emailTemplates.locale],
      set: { ...texts, updated_at: new Date() },
    })
    .returning();
  return saved!;
}
