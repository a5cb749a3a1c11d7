import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { INTERNAL_BILLING_PATHS, type InternalCreditsState, type InternalEntitlements } from '@vton/contracts';
import { CurrentServiceCaller, Public, type ServiceCallerClaims } from '@vton/service-kit';
import { BillingService } from './billing.service.js';
import { CreditLedger } from './credit-ledger.service.js';
import { ReservationDto, SettlementsDto } from './dto/billing.dto.js';
import { BillingServiceCredentialGuard } from './service-credential.guard.js';

/**
 * svc-generation's calls to the ledger: reserve before a model is queued, capture or release when
 * it ends, and what the plan allows. Outside /api: the gateway and the ingress never route them.
 */
@ApiExcludeController()
@Public()
@UseGuards(BillingServiceCredentialGuard)
@Controller()
export class InternalBillingController {
  constructor(
    private readonly ledger: CreditLedger,
    private readonly billing: BillingService,
  ) {}

  @Post(INTERNAL_BILLING_PATHS.reservations)
  @HttpCode(200)
  async reserve(@CurrentServiceCaller() caller: ServiceCallerClaims, @Body() body: ReservationDto): Promise<InternalCreditsState> {
    // Billing off: nothing is counted (svc-generation, set alike, does not even ask).
    if (!this.billing.enabled) return { available: null, reserved: 0 };
    return this.ledger.reserve(caller.ownerId, body.keys, body.notes);
  }

  @Post(INTERNAL_BILLING_PATHS.settlements)
  @HttpCode(200)
  settle(@CurrentServiceCaller() caller: ServiceCallerClaims, @Body() body: SettlementsDto): Promise<InternalCreditsState> {
    // Settled even when billing was switched off since: a reservation made before must not stay held.
    return this.ledger.settle(caller.ownerId, body.settlements);
  }

  @Get(INTERNAL_BILLING_PATHS.entitlements)
  entitlements(@CurrentServiceCaller() caller: ServiceCallerClaims): Promise<InternalEntitlements> {
    return this.billing.entitlements(caller.ownerId);
  }
}
