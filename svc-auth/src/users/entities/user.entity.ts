import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A seller's account (spec §3 users). `isEmailVerified` is the text 'false'/'true' as the spec
 * stores it; the two token columns hold SHA-256 hashes of the mailed tokens, never the tokens.
 */
@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn({ type: 'integer' }) id: number;

  /** Normalised (trimmed, lower-case) on write; unique. */
  @Column({ type: 'text' }) email: string;

  /** The argon2id hash (PHC string). */
  @Column({ type: 'text' }) password: string;
  @Column({ type: 'text', default: 'false' }) isEmailVerified: 'true' | 'false';
  @Column({ type: 'text', nullable: true }) emailVerificationToken: string | null;
  @Column({ type: 'timestamptz', nullable: true }) emailVerificationExpiry: Date | null;
  @Column({ type: 'text', nullable: true }) passwordResetToken: string | null;
  @Column({ type: 'timestamptz', nullable: true }) passwordResetExpiry: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
