import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One fixed-window counter (failed sign-ins per account or per IP, mails per address), kept
 * in Postgres so every replica sees the same count.
 */
@Entity({ name: 'throttle_counters' })
export class ThrottleCounter {
  /** e.g. `login-account:ada@example.com`, `login-ip:203.0.113.9`, `mail:ada@example.com` */
  @PrimaryColumn({ type: 'text' }) key: string;
  @Column({ type: 'integer' }) hits: number;
  @Column({ type: 'timestamptz' }) windowStart: Date;
}
