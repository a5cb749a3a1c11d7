import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BILLING_PATHS, type BillingAccount, type BillingOffer, type LedgerPage } from '@vton/contracts';
import { CurrentUser, Public, type AuthenticatedUser } from '@vton/service-kit';
import { BillingService } from './billing.service.js';
import { CreditLedger } from './credit-ledger.service.js';
import { LedgerQueryDto } from './dto/billing.dto.js';

/** The plan page's calls (browser sign-in only: an API key gets 403). */
@ApiTags('Plan & credits')
@Controller()
export class BillingController {
  constructor(
    private readonly billing: BillingService,
    private readonly ledger: CreditLedger,
  ) {}

  @Get(BILLING_PATHS.account)
  @ApiOperation({ summary: 'Your plan and credits', operationId: 'getBillingAccount' })
  @ApiOkResponse({ description: '`{mode, plan, status, interval, trialEndsAt, renewsAt, credits: {available, reserved}, checkout}`; `available` is null when unlimited.' })
  account(@CurrentUser() user: AuthenticatedUser): Promise<BillingAccount> {
    return this.billing.account(user.id);
  }

  @Get(BILLING_PATHS.offer)
  @Public()
  @ApiOperation({ summary: 'What the plan buttons can do here', operationId: 'getBillingOffer' })
  @ApiOkResponse({ description: '`{mode, checkout, salesEmail}`: billing on or off, Stripe Checkout available, the sales address.' })
  offer(): BillingOffer {
    return this.billing.offer();
  }

  @Get(BILLING_PATHS.ledger)
  @ApiOperation({ summary: 'Your credit ledger, newest first', operationId: 'listLedgerEntries' })
  @ApiOkResponse({ description: '`{entries, page, pageSize, total}`' })
  async entries(@CurrentUser() user: AuthenticatedUser, @Query() query: LedgerQueryDto): Promise<LedgerPage> {
    if (!this.billing.enabled) return { entries: [], page: query.page, pageSize: query.pageSize, total: 0 };
    await this.ledger.ensureAccount(user.id);
    return this.ledger.page(user.id, query.page, query.pageSize);
  }
}
