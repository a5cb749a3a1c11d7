import { Column, Entity } from 'typeorm';
import { TokenSidColumns } from '../tables/token-sid.entity.js';

/**
 * One sign-in (svc-auth README, "Sessions"): every token names its session (`sid`). Renewing a
 * token pushes `expiresAt` on (7 days from the last renewal); signing out, signing out of all
 * devices and a password reset set `revokedAt`, which ends every token of the session on every
 * service within a minute. Its `userId` has no foreign key: tokens are also issued for users of other
 * services' tests; a row per sign-in.
 */
@Entity({ name: 'sessions' })
export class Session extends TokenSidColumns {
  @Column({ type: 'timestamptz' }) expiresAt: Date;
}
