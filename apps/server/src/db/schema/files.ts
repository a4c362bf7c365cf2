import { bigserial, customType, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, indexesOn, moment } from './columns';
import { projectRow } from './projects';

/** Binary data; node-postgres answers a Buffer, PGlite a Uint8Array: both are bytes. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
});

/**
 * The shared file store (`FILE_STORE=postgres`): each file's bytes with what serving it needs.
 * Members of `projectId` may read it; deleting the project deletes its files.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    ...projectRow(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** `<id>.<extension>`, the last part of its URL. */
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => indexesOn('stored_files', t.projectId),
);

/**
 * Socket.IO's PostgreSQL adapter keeps here the messages too large for a NOTIFY; its table
 * layout, which the adapter queries itself.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createdAt: moment('created_at').defaultNow(),
  payload: bytea('payload'),
});

/**
 * Profile pictures, one per person, kept in the database so every server serves them; the
 * user's `avatar_file` names the current one (and changes with it, so its URL does too).
 */
export const userAvatars = pgTable('user_avatars', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  createdAt: createdAt(),
});
