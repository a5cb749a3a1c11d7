import { Column, PrimaryColumn } from 'typeorm';

/**
 * The columns of what a token's `sid` names: a session (a sign-in) or an API key. Its id is the `sid`,
 * and revoking it (`revokedAt`) puts it on the list of ended sessions, which both tables feed. Each
 * entity adds its own.
 */
export abstract class TokenSidColumns {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ type: 'integer' }) userId: number;
  @Column({ type: 'timestamptz' }) createdAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) revokedAt: Date | null;
}
