import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One sign-in (svc-auth README, "Sessions"): every token names its session (`sid`). Renewing a
 * token pushes `expiresAt` on (7 days from the last renewal); signing out, signing out of all
 * devices and a password reset set `revokedAt`, which ends every token of the session on every
 * service within a minute.
 */
@Entity({ name: 'sessions' })
export class Session {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  /** No foreign key: tokens are also issued for users of other services' tests; a row per sign-in. */
  @Column({ type: 'integer' })
  userId: number;

  @Column({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
