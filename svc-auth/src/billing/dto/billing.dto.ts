import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  BILLING_INTERVALS,
  CREDIT_KEY_PATTERN,
  DEFAULT_LEDGER_PAGE_SIZE,
  MAX_LEDGER_PAGE_SIZE,
  MAX_RESERVATION_KEYS,
  PAID_PLAN_IDS,
  type BillingInterval,
  type CheckoutRequest,
  type PaidPlanId,
  type ReservationRequest,
  type Settlement,
  type SettlementRequest,
} from '@vton/contracts';
import { parseNumber } from '@vton/service-kit';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, Matches, Max, Min, ValidateNested } from 'class-validator';

export class LedgerQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Transform(parseNumber)
  @IsInt({ message: 'page must be a whole number of at least 1' })
  @Min(1, { message: 'page must be a whole number of at least 1' })
  page: number = 1;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_LEDGER_PAGE_SIZE, default: DEFAULT_LEDGER_PAGE_SIZE })
  @IsOptional()
  @Transform(parseNumber)
  @IsInt({ message: `pageSize must be a whole number from 1 to ${MAX_LEDGER_PAGE_SIZE}` })
  @Min(1, { message: `pageSize must be a whole number from 1 to ${MAX_LEDGER_PAGE_SIZE}` })
  @Max(MAX_LEDGER_PAGE_SIZE, { message: `pageSize must be a whole number from 1 to ${MAX_LEDGER_PAGE_SIZE}` })
  pageSize: number = DEFAULT_LEDGER_PAGE_SIZE;
}

export class CheckoutDto implements CheckoutRequest {
  @ApiProperty({ enum: PAID_PLAN_IDS })
  @IsIn(PAID_PLAN_IDS, { message: `plan must be one of ${PAID_PLAN_IDS.join(', ')}` })
  plan: PaidPlanId;

  @ApiProperty({ enum: BILLING_INTERVALS })
  @IsIn(BILLING_INTERVALS, { message: `interval must be one of ${BILLING_INTERVALS.join(', ')}` })
  interval: BillingInterval;
}

const KEY_RULE = 'each key must look like try-on:<job>:<model>:<run>';

export class ReservationDto implements ReservationRequest {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_RESERVATION_KEYS)
  @IsString({ each: true })
  @Matches(CREDIT_KEY_PATTERN, { each: true, message: KEY_RULE })
  keys: string[];

  // Only the string notes of the request's own keys are kept (CreditLedger.reserve): an internal
  // caller's odd note costs it its note, not its reservation.
  @IsOptional()
  @IsObject({ message: 'notes must be an object of notes by key' })
  notes?: Record<string, string>;
}

class SettlementDto implements Settlement {
  @IsString()
  @Matches(CREDIT_KEY_PATTERN, { message: KEY_RULE })
  key: string;

  @IsIn(['capture', 'release'])
  outcome: 'capture' | 'release';
}

export class SettlementsDto implements SettlementRequest {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_RESERVATION_KEYS)
  @ValidateNested({ each: true })
  @Type(() => SettlementDto)
  settlements: SettlementDto[];
}
