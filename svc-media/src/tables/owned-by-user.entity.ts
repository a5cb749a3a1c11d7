import { Column } from 'typeorm';

/**
 * The column of every row a seller owns: their user id, from the token. Users live in svc-auth's
 * schema, so there is no foreign key to them; each entity adds its own columns.
 */
export abstract class OwnedByUser {
  @Column({ type: 'integer' }) userId: number;
}
