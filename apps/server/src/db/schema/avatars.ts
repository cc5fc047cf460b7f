import { customType, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { ownerId } from './users.js';

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres reads a Buffer and PGlite a Uint8Array: one type for the code.
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Users' avatars, re-encoded by the server, in the database so every API process can serve them. The key is
 * random and new on each upload: the address cannot be guessed from a user id, and an old one stops working.
 */
export const avatars = pgTable('avatars', {
  key: text('key').primaryKey(),
  user_id: ownerId().unique(),
  image: bytea('image').notNull(),
  created_at: createdAt(),
});
