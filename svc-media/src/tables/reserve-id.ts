import type { ObjectLiteral, Repository } from 'typeorm';

/**
 * The next id of a table's serial, taken before its objects are stored: the object keys
 * carry the id, and the row is inserted only once its objects exist.
 */
export async function reserveId(repository: Repository<ObjectLiteral>): Promise<number> {
  // SQL: the repository API has no way to take a sequence's next value.
  const [{ id }] = await repository.query(`SELECT nextval(pg_get_serial_sequence($1, 'id'))::int AS id`, [repository.metadata.tablePath]);
  return id;
}
