import { DatabaseSync, type StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  SqliteDialect,
  SqliteDriver,
  type SqliteStatement,
} from "kysely";

/**
 * SQLite's plain `BEGIN` takes the write lock only at the first write, and a reader that then wants
 * to write fails at once with SQLITE_BUSY when another connection (a second process on the same
 * file, such as `npm run create-admin` beside the server) writes meanwhile; the busy timeout cannot
 * help it. `BEGIN IMMEDIATE` takes the write lock up front, so a second writer waits its turn.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];

  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/**
 * Adapts Node's built-in `node:sqlite` to the interface Kysely's SqliteDialect expects
 * (it was written for better-sqlite3). Using the built-in driver means no native addon to compile.
 */
export function openSqlite(file: string): SqliteDatabase {
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA foreign_keys = ON");
  db.exec("PRAGMA busy_timeout = 5000");
  // Every acknowledged commit is on disk, across a power loss too (docs/decisions/011).
  db.exec("PRAGMA synchronous = FULL");
  const statements = new PreparedStatementCache(db);
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const { statement, reader } = statements.get(sql);
      const bind = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqliteValue);
      return {
        reader,
        all: (parameters) => statement.all(...bind(parameters)).map(plainObject),
        run: (parameters) => {
          const result = statement.run(...bind(parameters));
          return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
        },
        iterate: function* (parameters) {
          for (const row of statement.iterate(...bind(parameters))) yield plainObject(row);
        },
      };
    },
  };
}

/**
 * Kysely asks for a fresh statement on every query; compiling the same SQL again costs more than
 * running it on a page render's small reads. Keeping the most recently used statements is safe
 * because Kysely runs one query at a time on this single connection, and a stream holds the
 * connection until it ends, so no two callers step through one statement at once.
 */
class PreparedStatementCache {
  static readonly #limit = 500;
  readonly #db: DatabaseSync;
  readonly #bySql = new Map<string, { statement: StatementSync; reader: boolean }>();

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  get(sql: string): { statement: StatementSync; reader: boolean } {
    let prepared = this.#bySql.get(sql);
    if (prepared) {
      // Map keeps insertion order: moving a hit to the end makes the first key the least recent.
      this.#bySql.delete(sql);
    } else {
      const statement = this.#db.prepare(sql);
      prepared = { statement, reader: statement.columns().length > 0 };
      if (this.#bySql.size >= PreparedStatementCache.#limit) {
        this.#bySql.delete(this.#bySql.keys().next().value as string);
      }
    }
    this.#bySql.set(sql, prepared);
    return prepared;
  }
}

type SqliteValue = null | number | bigint | string | Uint8Array;

function toSqliteValue(value: unknown): SqliteValue {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SqliteValue;
}

// node:sqlite returns null-prototype objects; spread them so they behave like ordinary records.
function plainObject(row: unknown): unknown {
  return row && typeof row === "object" ? { ...row } : row;
}
