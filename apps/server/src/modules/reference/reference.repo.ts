import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countries, languages } from '../../db/schema/index.js';

export const listCountries = (db: Db) => db.select().from(countries).orderBy(asc(countries.name));

export async function findCountry(db: Db, id: number) {
  const [row] = await db.select().from(countries).where(eq(countries.id, id));
  return row;
}

export const listLanguages = (db: Db) => db.select().from(languages).orderBy(asc(languages.id));
