import { Column, Entity } from 'typeorm';
import { AccountRecordColumns } from '../tables/account-record.entity.js';

/**
 * A composed result the gallery could not save, kept here for RESULT_FALLBACK_TTL_MS so the
 * user still gets it (spec §8: a failed save is only logged). In Postgres rather than in
 * memory so every replica can serve it.
 */
@Entity({ name: 'try_on_result_files' })
export class TryOnResultFileEntity extends AccountRecordColumns {
  /** Random capability in the URL: an <img> cannot send a Bearer header. */
  @Column('text', { name: 'access_key' }) accessKey: string;
  @Column('bytea') png: Buffer;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt: Date;
}
