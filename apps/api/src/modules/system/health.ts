import type { Database } from '../../db/client.ts';

/**
 * Whether the database can take writes, cheaply and without a table: `txid_current()` gives the statement a
 * transaction id, so its commit is written to the write-ahead log and flushed (a database that cannot write fails
 * it); a read-only session or a standby is reported as not writable. Throws when the database does not answer.
 */
export async function databaseWritable(database: Database): Promise<boolean> {
  const [row] = await database.arrays(
    "select txid_current(), current_setting('transaction_read_only'), pg_is_in_recovery()",
    [],
  );
  return row?.[1] === 'off' && row[2] === false;
}
