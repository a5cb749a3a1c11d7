import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingMetrics } from './billing-metrics.js';
import { BillingController } from './billing.controller.js';
import { BillingService } from './billing.service.js';
import { CreditLedger } from './credit-ledger.service.js';
import { BillingAccountEntity } from './entities/billing-account.entity.js';
import { LedgerEntryEntity } from './entities/ledger-entry.entity.js';
import { StripeEventEntity } from './entities/stripe-event.entity.js';
import { InternalBillingController } from './internal-billing.controller.js';
import { MonthlyGrants } from './monthly-grants.js';
import { BillingServiceCredentialGuard } from './service-credential.guard.js';
import { StripeBilling } from './stripe/stripe-billing.js';
import { StripeCheckout } from './stripe/stripe-checkout.js';
import { StripeEvents } from './stripe/stripe-events.js';

/** Plans, credits and the ledger (README "Plans and credits"). The accounts and API keys modules ask it; it asks neither. */
@Module({
  imports: [TypeOrmModule.forFeature([BillingAccountEntity, LedgerEntryEntity, StripeEventEntity])],
  controllers: [BillingController, InternalBillingController],
  providers: [CreditLedger, BillingService, BillingMetrics, MonthlyGrants, BillingServiceCredentialGuard, StripeBilling, StripeEvents, StripeCheckout],
  exports: [CreditLedger, BillingService],
})
export class BillingModule {}
