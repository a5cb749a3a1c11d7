import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  API_KEY_ERRORS,
  API_KEY_PREFIX,
  API_KEY_PATTERN,
  API_KEY_TOKEN_MINUTES,
  API_KEY_VISIBLE_CHARS,
  ErrorCode,
  MAX_API_KEYS_PER_ACCOUNT,
  type ApiKeyAuthorization,
  type ApiKeyRecord,
  type ApiKeyScope,
  type CreatedApiKey,
  type CreateApiKeyRequest,
} from '@vton/contracts';
import { ApiException, ApiKeyRateLimited, type ApiKeyVerifier } from '@vton/service-kit';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { IsNull, type Repository } from 'typeorm';
import { BillingService } from '../billing/billing.service.js';
import { AuthConfig } from '../config/auth.config.js';
import { sqlTable } from '../tables/sql-table.js';
import { ThrottleService } from '../throttling/throttle.service.js';
import { TokenService } from '../tokens/token.service.js';
import { User } from '../users/entities/user.entity.js';
import { ApiKey } from './api-key.entity.js';

/** The key's SHA-256: what is stored and looked up. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** `lastUsedAt` is written at most this often per key: the page shows minutes, not every request. */
const LAST_USED_PRECISION_SECONDS = 60;

/**
 * Personal API keys: created and revoked by their owner on the API keys page, checked here on
 * every request made with one (svc-auth's own guard asks this service directly, the other services
 * through API_KEY_AUTHORIZE_PATH), with a fixed-window request count per key shared by every
 * service and replica.
 */
@Injectable()
export class ApiKeysService implements ApiKeyVerifier {
  constructor(
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    private readonly throttle: ThrottleService,
    private readonly tokens: TokenService,
    private readonly config: AuthConfig,
    private readonly billing: BillingService,
  ) {}

  async create(userId: number, { name, scopes }: CreateApiKeyRequest): Promise<CreatedApiKey> {
    await this.billing.assertApiKeys(userId);
    const active = await this.keys.countBy({ userId, revokedAt: IsNull() });
    if (active >= MAX_API_KEYS_PER_ACCOUNT) throw new ApiException(409, ErrorCode.CONFLICT, API_KEY_ERRORS.tooMany);
    const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row: ApiKey = {
      id: randomUUID(),
      userId,
      name,
      prefix: key.slice(0, API_KEY_VISIBLE_CHARS),
      secretHash: hashApiKey(key),
      // In the order the scopes are listed, once each.
      scopes: [...new Set(scopes)],
      createdAt: new Date(),
      lastUsedAt: null,
      revokedAt: null,
    };
    await this.keys.insert(row);
    return { ...toRecord(row), key };
  }

  async list(userId: number): Promise<ApiKeyRecord[]> {
    const rows = await this.keys.find({ where: { userId, revokedAt: IsNull() }, order: { createdAt: 'DESC' } });
    return rows.map(toRecord);
  }

  /** The key stops working at once here and on every other service (svc-auth is asked each time). */
  async revoke(userId: number, id: string): Promise<void> {
    const result = await this.keys.update({ id, userId, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
    if (!result.affected) throw new ApiException(404, ErrorCode.NOT_FOUND, API_KEY_ERRORS.notFound);
  }

  async authorize(key: string): Promise<ApiKeyAuthorization> {
    if (!API_KEY_PATTERN.test(key)) throw new ApiException(401, ErrorCode.UNAUTHORIZED, API_KEY_ERRORS.invalid);
    const rows: { id: string; userId: number; email: string | null; scopes: ApiKeyScope[]; revoked: boolean }[] = await this.keys.query(
      `SELECT k."id", k."userId", u."email", k."scopes", k."revokedAt" IS NOT NULL AS "revoked"
         FROM ${this.table} k LEFT JOIN ${this.usersTable} u ON u."id" = k."userId"
        WHERE k."secretHash" = $1`,
      [hashApiKey(key)],
    );
    const row = rows[0];
    if (!row || row.email === null) throw new ApiException(401, ErrorCode.UNAUTHORIZED, API_KEY_ERRORS.invalid);
    if (row.revoked) throw new ApiException(401, ErrorCode.UNAUTHORIZED, API_KEY_ERRORS.revoked);
    // A key of an account that lost its plan stops (403) and works again when the plan is back.
    await this.billing.assertApiKeys(row.userId);

    const limit = this.config.API_KEY_RATE_LIMIT;
    const windowSeconds = this.config.API_KEY_RATE_WINDOW_SECONDS;
    const { hits, secondsLeft } = await this.throttle.hit(`api-key:${row.id}`, windowSeconds);
    const rateLimit = { limit, remaining: Math.max(0, limit - hits), resetSeconds: secondsLeft, windowSeconds };
    if (hits > limit) throw new ApiKeyRateLimited(rateLimit);

    await this.keys.query(
      `UPDATE ${this.table} SET "lastUsedAt" = now()
        WHERE "id" = $1 AND ("lastUsedAt" IS NULL OR "lastUsedAt" < now() - make_interval(secs => $2))`,
      [row.id, LAST_USED_PRECISION_SECONDS],
    );
    const user = { id: row.userId, email: row.email };
    const token = await this.tokens.signForApiKey(user, row.id, row.scopes, new Date(Date.now() + API_KEY_TOKEN_MINUTES * 60_000));
    return { user, keyId: row.id, scopes: row.scopes, token, rateLimit };
  }

  private get table(): string {
    return sqlTable(this.keys.metadata);
  }

  // The owner's e-mail is joined in the one statement every API-key request runs, not read through the accounts module.
  private get usersTable(): string {
    return sqlTable(this.keys.manager.connection.getMetadata(User));
  }
}

function toRecord(row: ApiKey): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}
