import type { ObjectLiteral, Repository } from 'typeorm';

/**
 * The SQL that takes the next id of a table's serial (the repository API has no way to take a
 * sequence's next value), for a statement that may ask more than that; its parameters:
 * nextIdParameters.
 */
export const NEXT_ID = `nextval(pg_get_serial_sequence(:idTable, 'id'))::int`;

export function nextIdParameters(repository: Repository<ObjectLiteral>): { idTable: string } {
  return { idTable: repository.metadata.tablePath };
}

/**
 * The next id of a table's serial, taken before its objects are stored: the object keys
 * carry the id, and the row is inserted only once its objects exist.
 */
export async function reserveId(repository: Repository<ObjectLiteral>): Promise<number> {
  const row = await repository.manager.createQueryBuilder().select(NEXT_ID, 'id').fromDummy().setParameters(nextIdParameters(repository)).getRawOne<{ id: number }>();
  return row!.id;
}
