import { createHash } from 'node:crypto';
import pg from 'pg';

/** Distinct statements a process keeps parsed; beyond this (SQL built with varying IN lists) a statement is parsed each time, as before. */
const MAX_STATEMENTS = 500;
const PATCHED = Symbol.for('vton.parsedStatements');

/**
 * Every parameterised statement a service sends (TypeORM's, pg-boss's, our raw SQL) becomes a named
 * prepared statement, so each connection parses and plans its SQL once instead of on every call:
 * parsing alone was a quarter of Postgres's CPU under load (pg-boss's claim and settle statements
 * are long), BENCHMARKS.md, issue 35. The name is the SQL's hash, so one text always has one name,
 * and pg's client parses it only on the first use per connection (`parsedStatements`). Statements
 * without parameters (BEGIN, COMMIT, SET) stay on the simple protocol. Postgres re-plans a prepared
 * statement by itself when a table it reads changes (migrations).
 */
export function reuseParsedStatements(): void {
  const prototype = pg.Client.prototype as unknown as Record<PropertyKey, unknown> & { query: (...args: unknown[]) => unknown };
  if (prototype[PATCHED]) return;
  prototype[PATCHED] = true;
  const names = new Map<string, string>();
  const query = prototype.query;
  prototype.query = function (this: unknown, config: unknown, values?: unknown, callback?: unknown) {
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      let name = names.get(config);
      if (!name && names.size < MAX_STATEMENTS) {
        name = `vton_${createHash('sha1').update(config).digest('hex').slice(0, 24)}`;
        names.set(config, name);
      }
      if (name) return query.call(this, { name, text: config, values }, callback);
    }
    return query.call(this, config, values, callback);
  };
}
