import { Body, Controller, Get, Headers, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BILLING_PATHS, type BillingAccount, type BillingOffer, type BillingRedirect, type LedgerPage } from '@vton/contracts';
import { CurrentUser, Public, type AuthenticatedUser } from '@vton/service-kit';
import type { Request } from 'express';
import { BillingService } from './billing.service.js';
import { CreditLedger } from './credit-ledger.service.js';
import { CheckoutDto, LedgerQueryDto } from './dto/billing.dto.js';
import { StripeCheckout } from './stripe/stripe-checkout.js';

/** The plan page's calls (browser sign-in only: an API key gets 403). */
@ApiTags('Plan & credits')
@Controller()
export class BillingController {
  constructor(
    private readonly billing: BillingService,
    private readonly ledger: CreditLedger,
    private readonly stripe: StripeCheckout,
  ) {}

  @Get(BILLING_PATHS.account)
  @ApiOperation({ summary: 'Your plan and credits', operationId: 'getBillingAccount' })
  @ApiOkResponse({ description: '`{mode, plan, status, interval, trialEndsAt, renewsAt, credits: {available, reserved}, checkout, portal, salesEmail}`; `available` is null when unlimited; `portal`: a Stripe customer the portal can manage.' })
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

  @Post(BILLING_PATHS.checkout)
  @HttpCode(200)
  @ApiOperation({ summary: 'Buy a plan through Stripe Checkout', operationId: 'startCheckout' })
  @ApiOkResponse({ description: '`{url}`: the Stripe Checkout page to send the browser to.' })
  @ApiConflictResponse({ description: 'Stripe is not set up here, or the account already has a subscription (manage it in the portal).' })
  checkout(@CurrentUser() user: AuthenticatedUser, @Body() body: CheckoutDto): Promise<BillingRedirect> {
    return this.stripe.checkout(user, body);
  }

  @Post(BILLING_PATHS.portal)
  @HttpCode(200)
  @ApiOperation({ summary: "Open Stripe's customer portal", operationId: 'openBillingPortal' })
  @ApiOkResponse({ description: '`{url}`: the portal page (change or cancel the plan, card, invoices).' })
  @ApiConflictResponse({ description: 'Stripe is not set up here, or the account has no subscription yet.' })
  portal(@CurrentUser() user: AuthenticatedUser): Promise<BillingRedirect> {
    return this.stripe.portal(user.id);
  }

  /** Stripe's webhook: the body is kept as received (service definition's rawBody) and verified with STRIPE_WEBHOOK_SECRET. */
  @Post(BILLING_PATHS.stripeWebhook)
  @Public()
  @HttpCode(200)
  @ApiExcludeEndpoint()
  @ApiBadRequestResponse({ description: 'No or a wrong Stripe-Signature: nothing changes.' })
  stripeWebhook(@Req() req: Request, @Headers('stripe-signature') signature: string | undefined): Promise<{ received: true }> {
    return this.stripe.receive(req.body, signature);
  }
}
