// A fresh database for one database test file: in-memory PGlite, or a new database on the
// PostgreSQL server named by TEST_DATABASE_URL. Migrated files start from the run's migrated
// snapshot (PGlite) or template (PostgreSQL) rather than migrating again: initdb plus the
// migrations cost a PGlite file about 15 s, loading the snapshot about 2 s (decision 0990).
import type { Database } from '../../../apps/server/src/database/database';
import { createTestDatabase } from '../../../apps/server/tests/support/test-database';

export interface OpenedTestDatabase {
  db: Database;
  drop(): Promise<void>;
}

export async function openDatabaseForTest(
  maxConnections = 8,
  options: { migrated?: boolean } = {},
): Promise<OpenedTestDatabase> {
  const { db, drop } = await createTestDatabase({ empty: !options.migrated, maxConnections });
  return { db, drop };
}
