import { JWKS_PATH } from '@vton/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsString, IsUrl, Matches, Max, Min } from 'class-validator';
import { parseFlag, parseNumber } from './load-config.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * The variables every service reads. A service extends this class, sets its own PORT and
 * DATABASE_SCHEMA defaults and adds its own variables.
 */
export class ServiceConfig {
  @Transform(parseNumber)
  @IsInt({ message: 'PORT must be a whole number between 0 and 65535' })
  @Min(0, { message: 'PORT must be a whole number between 0 and 65535' })
  @Max(65535, { message: 'PORT must be a whole number between 0 and 65535' })
  PORT: number = 3000;

  @IsString()
  @IsNotEmpty({ message: 'HOST must not be empty' })
  HOST: string = '0.0.0.0';

  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL!: string;

  // Interpolated into SQL (CREATE SCHEMA, search_path), so only plain identifiers pass.
  @Matches(/^[a-z_][a-z0-9_]{0,62}$/, { message: 'DATABASE_SCHEMA must be a lower-case SQL identifier (letters, digits, _)' })
  DATABASE_SCHEMA: string = 'public';

  @Transform(parseFlag)
  @IsBoolean({ message: "MIGRATIONS_RUN must be 'true' or 'false'" })
  MIGRATIONS_RUN: boolean = true;

  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true }, { message: 'AUTH_JWKS_URL must be an http(s) URL' })
  AUTH_JWKS_URL: string = `http://127.0.0.1:3001${JWKS_PATH}`;

  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  @Matches(/^\d+(b|kb|mb)?$/i, { message: 'JSON_BODY_LIMIT must be a size such as 60mb, 512kb or 1048576' })
  JSON_BODY_LIMIT: string = '60mb';
}
