import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { ApiException } from '../errors/api-exception.js';
import { toApiErrorBody } from '../errors/api-exception.filter.js';
import { DATABASE_NOT_READY_MESSAGE, ServiceDataSource } from './data-source-options.js';

@Entity('notes')
class Note {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column()
  text!: string;
}

describe('ServiceDataSource before it is connected', () => {
  // A port nothing listens on; nothing here connects.
  const dataSource = new ServiceDataSource({ type: 'postgres', url: 'postgres://x@127.0.0.1:9/db', entities: [Note] });
  const notReady = async (call: () => Promise<unknown>) => {
    // Some repository methods throw before returning a promise; inside a service method that is a rejection too.
    const error = await Promise.resolve().then(call).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ApiException);
    expect(toApiErrorBody(error, 'r')).toEqual({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: DATABASE_NOT_READY_MESSAGE, requestId: 'r' });
  };

  it('answers 503 for repository calls, query builders, raw queries and transactions', async () => {
    // Taken at module init like TypeOrmModule.forFeature does: that must not throw.
    const notes = dataSource.getRepository(Note);
    await notReady(() => notes.findOneBy({ id: 1 }));
    await notReady(() => notes.insert({ text: 'x' }));
    await notReady(() => notes.createQueryBuilder('note').getMany());
    await notReady(() => notes.query('SELECT 1'));
    await notReady(() => notes.manager.transaction(async (tx) => tx.query('SELECT 1')));
    await notReady(() => dataSource.query('SELECT 1'));
  });
});
