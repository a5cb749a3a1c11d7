import type { LedgerEntryKind } from '@vton/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One append-only line of the credit ledger, with both balances after it. Never updated or deleted. */
@Entity({ name: 'credit_ledger' })
export class LedgerEntryEntity {
  /** bigserial: read as a string (beyond 2^53 one day). */
  @PrimaryColumn({ type: 'bigint' }) id: string;
  @Column({ type: 'integer' }) userId: number;
  @Column({ type: 'text' }) kind: LedgerEntryKind;
  @Column({ type: 'integer' }) credits: number;
  @Column({ type: 'integer' }) change: number;
  @Column({ type: 'integer' }) balance: number;
  @Column({ type: 'integer' }) reserved: number;
  @Column({ type: 'text', nullable: true }) key: string | null;
  @Column({ type: 'text', nullable: true }) note: string | null;
  @Column({ type: 'timestamptz' }) createdAt: Date;
}
