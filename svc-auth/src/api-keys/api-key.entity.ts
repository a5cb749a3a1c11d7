import type { ApiKeyScope } from '@vton/contracts';
import { Column, Entity } from 'typeorm';
import { TokenSidColumns } from '../tables/token-sid.entity.js';

/**
 * A personal API key (svc-auth README, "API keys"). The key itself is never stored: only its
 * SHA-256 (`secretHash`, 256 random bits need no slow hash) and its first characters (`prefix`)
 * to tell keys apart on the page. Revoking sets `revokedAt`; the row stays for the revocation list.
 */
@Entity({ name: 'api_keys' })
export class ApiKey extends TokenSidColumns {
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text' }) prefix: string;
  @Column({ type: 'text' }) secretHash: string;
  @Column({ type: 'text', array: true }) scopes: ApiKeyScope[];
  @Column({ type: 'timestamptz', nullable: true }) lastUsedAt: Date | null;
}
