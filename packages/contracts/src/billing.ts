/**
 * Credits and plans (svc-auth README, "Plans and credits"): one ledger in svc-auth, one credit per
 * model of a real generation, reserved before a model is queued, captured when it succeeds and
 * released when it fails for good. Mock generation never reaches it.
 */

/** `credits` (default): limits, plan checks and the credit display; `off`: none of them (a brand running the studio for itself). */
export const BILLING_MODES = ['credits', 'off'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

export const PLAN_IDS = ['trial', 'starter', 'professional', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
/** The plans a seller can buy (the trial is given, never bought). */
export const PAID_PLAN_IDS = ['starter', 'professional', 'enterprise'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export interface PlanTerms {
  /** As the pricing page names it. */
  name: string;
  /** Credits granted each month; null for unlimited (every use is still recorded in the ledger). */
  monthlyCredits: number | null;
  /** Personal API keys (svc-auth README, "API keys"). */
  apiKeys: boolean;
  /** Webhooks (svc-generation README, "Webhooks"). */
  webhooks: boolean;
  /** Spec §3: dollars a month billed monthly, and a month's share billed yearly (0 for the trial). */
  monthlyPrice: number;
  yearlyPrice: number;
}

/** Spec §3 "Plans" and §9: Starter 50 credits/month, Professional 500 with API access, Enterprise unlimited with webhooks. */
export const PLANS: Record<PlanId, PlanTerms> = {
  trial: { name: 'Free trial', monthlyCredits: null, apiKeys: false, webhooks: false, monthlyPrice: 0, yearlyPrice: 0 },
  starter: { name: 'Starter', monthlyCredits: 50, apiKeys: false, webhooks: false, monthlyPrice: 29, yearlyPrice: 19 },
  professional: { name: 'Professional', monthlyCredits: 500, apiKeys: true, webhooks: false, monthlyPrice: 89, yearlyPrice: 59 },
  enterprise: { name: 'Enterprise', monthlyCredits: null, apiKeys: true, webhooks: true, monthlyPrice: 249, yearlyPrice: 199 },
};

/** The trial every new verified account gets (TRIAL_CREDITS, TRIAL_DAYS). */
export const DEFAULT_TRIAL_CREDITS = 10;
export const DEFAULT_TRIAL_DAYS = 7;

/**
 * `trialing`: the trial runs until trialEndsAt; `trial_ended`: it is over and no plan was chosen;
 * `active` / `past_due`: a paid plan (past_due: Stripe could not take the last payment and retries);
 * `canceled`: the paid plan ended. Credits left stay on the account in every state.
 */
export type BillingStatus = 'trialing' | 'trial_ended' | 'active' | 'past_due' | 'canceled';

/** GET /api/billing/account */
export interface BillingAccount {
  /** `off`: billing is switched off for this installation; nothing else is set then. */
  mode: BillingMode;
  plan: PlanId;
  status: BillingStatus;
  /** monthly or yearly, for a plan bought through Stripe. */
  interval: BillingInterval | null;
  trialEndsAt: string | null;
  renewsAt: string | null;
  credits: {
    /** Credits that can be spent now; null when unlimited. */
    available: number | null;
    /** Credits held by models still running. */
    reserved: number;
  };
  /** Whether the plan page can take the seller to Stripe Checkout (Stripe billing is set up here). */
  checkout: boolean;
  /**
   * Whether the seller has a Stripe customer the customer portal can manage ("Manage subscription"):
   * false before the first Stripe Checkout and for a plan the operator set.
   */
  portal: boolean;
  /** Where "Contact Sales" writes to (SALES_EMAIL), when set. */
  salesEmail: string | null;
}

/** Whether a plan is in force: a running trial, or a paid plan not cancelled (Stripe retries a past-due payment meanwhile). */
export function planInForce(status: BillingStatus): boolean {
  return status === 'trialing' || status === 'active' || status === 'past_due';
}

/**
 * What the seller's plan allows beyond generating: API keys (Professional, Enterprise) and webhooks
 * (Enterprise), while the plan is in force; everything with billing off. svc-auth refuses the rest
 * (403 PLAN_REQUIRED); the API keys page says so before the seller fills anything in.
 */
export function planAllows(account: Pick<BillingAccount, 'mode' | 'plan' | 'status'>): { apiKeys: boolean; webhooks: boolean } {
  if (account.mode === 'off') return { apiKeys: true, webhooks: true };
  const inForce = planInForce(account.status);
  return { apiKeys: inForce && PLANS[account.plan].apiKeys, webhooks: inForce && PLANS[account.plan].webhooks };
}

/** Why a real generation is refused while the account is in this state (402 PLAN_REQUIRED), or null; Mock never asks. */
export function generationRefusal(account: Pick<BillingAccount, 'plan' | 'status'>): string | null {
  if (planInForce(account.status)) return null;
  return account.plan === 'trial' ? BILLING_ERRORS.trialEnded : BILLING_ERRORS.planEnded(PLANS[account.plan].name);
}

/** GET /api/billing/offer (public): what the pricing page's buttons can do here. */
export interface BillingOffer {
  mode: BillingMode;
  checkout: boolean;
  salesEmail: string | null;
}

/** `plan`: the operator put the account on a plan (named in its note); it moves no credits. */
export const LEDGER_ENTRY_KINDS = ['grant', 'reserve', 'capture', 'release', 'adjustment', 'plan'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** One line of the ledger: what happened and the balance after it. */
export interface LedgerEntry {
  id: string;
  kind: LedgerEntryKind;
  /** How many credits the entry is about (a signed count for an adjustment, 0 for a plan). */
  credits: number;
  /** What it did to the available balance (0 for a capture, and for reservations on an unlimited plan). */
  change: number;
  /** Available credits after it. */
  balance: number;
  /** Reserved credits after it. */
  reserved: number;
  /** The job model a reservation is for (`try-on:<job>:<model>:<run>`), a grant's invoice, … */
  key: string | null;
  /** A grant's or an adjustment's reason, the plan a plan entry set; for a model run, what it was ("Linen shirt on anna.png"), on its reservation and its settlement. */
  note: string | null;
  createdAt: string;
}

/** GET /api/billing/ledger?page=&pageSize= — newest first. */
export interface LedgerPage {
  entries: LedgerEntry[];
  page: number;
  pageSize: number;
  total: number;
}
export const DEFAULT_LEDGER_PAGE_SIZE = 20;
export const MAX_LEDGER_PAGE_SIZE = 100;

/** POST /api/billing/checkout */
export interface CheckoutRequest {
  plan: PaidPlanId;
  interval: BillingInterval;
}
/** The answers of POST /api/billing/checkout and /portal: where to send the browser. */
export interface BillingRedirect {
  url: string;
}

export const BILLING_PATHS = {
  account: '/api/billing/account',
  offer: '/api/billing/offer',
  ledger: '/api/billing/ledger',
  checkout: '/api/billing/checkout',
  portal: '/api/billing/portal',
  stripeWebhook: '/api/billing/stripe/webhook',
} as const;

/** The shell's plan page; `?plan=&interval=` preselect a plan from the pricing page. */
export const BILLING_PAGE_PATH = '/account/billing';

export const BILLING_ERROR_CODES = {
  INSUFFICIENT_CREDITS: 'INSUFFICIENT_CREDITS',
  PLAN_REQUIRED: 'PLAN_REQUIRED',
} as const;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export const BILLING_ERRORS = {
  /** 402 INSUFFICIENT_CREDITS */
  insufficientCredits: (needed: number, available: number) => `This try-on needs ${plural(needed, 'credit')}; you have ${available} left.`,
  /** 402 PLAN_REQUIRED: the trial is over and no plan was chosen. */
  trialEnded: 'Your free trial has ended — choose a plan to keep generating.',
  /** 402 PLAN_REQUIRED: a paid plan was cancelled (its credits stay for when a plan is chosen again). */
  planEnded: (plan: string) => `Your ${plan} plan has ended — choose a plan to keep generating.`,
  /** 403 PLAN_REQUIRED */
  apiKeysNeedPlan: 'API keys need the Professional or Enterprise plan.',
  /** 403 PLAN_REQUIRED */
  webhooksNeedPlan: 'Webhooks need the Enterprise plan.',
  /** POST /api/billing/checkout or /portal without Stripe configured. */
  checkoutUnavailable: 'Online payment is not set up here. Please contact the operator to change your plan.',
  noSubscription: 'There is no subscription to manage yet. Choose a plan first.',
} as const;

/**
 * The ledger key of one model run of a try-on job: a reservation, its capture or its release are
 * keyed by it, so a redelivered run or a repeated settlement never charges twice. A retry of a
 * failed model is a new run (its failed run was released).
 */
export function creditKey(jobId: string, modelId: number, run: number): string {
  return `try-on:${jobId}:${modelId}:${run}`;
}
export const CREDIT_KEY_PATTERN = /^[a-z][a-z0-9-]*:[A-Za-z0-9:_-]{1,200}$/;
export const MAX_RESERVATION_KEYS = 500;

/**
 * svc-generation's calls to svc-auth's ledger (outside /api: neither the gateway nor the ingress
 * routes them), with the service credential (SERVICE_CREDENTIAL, audience BILLING_CREDENTIAL_AUDIENCE)
 * naming the account.
 */
export const INTERNAL_BILLING_PATHS = {
  /** POST {keys: string[], notes?} → 200 InternalCreditsState; 402 INSUFFICIENT_CREDITS / PLAN_REQUIRED. All or nothing; a key reserved before is not reserved again. */
  reservations: '/internal/billing/reservations',
  /** POST {settlements: [{key, outcome: 'capture' | 'release'}]} → 200 InternalCreditsState. A key settled before is left as it is. */
  settlements: '/internal/billing/settlements',
  /** GET → InternalEntitlements: what the account's plan allows. */
  entitlements: '/internal/billing/entitlements',
} as const;
export const BILLING_CREDENTIAL_AUDIENCE = 'svc-auth:billing';

export interface ReservationRequest {
  keys: string[];
  /**
   * What each key's model run is, in the seller's words ("Linen shirt on anna.png"), by key: kept
   * as the note of its ledger entries (the reservation, then its capture or release), so the credit
   * history says what a credit paid for. At most LEDGER_NOTE_MAX_LENGTH characters are kept.
   */
  notes?: Record<string, string>;
}
/** The longest note a ledger entry keeps (a longer one is cut, with an ellipsis). */
export const LEDGER_NOTE_MAX_LENGTH = 200;
export interface Settlement {
  key: string;
  outcome: 'capture' | 'release';
}
export interface SettlementRequest {
  settlements: Settlement[];
}
export interface InternalCreditsState {
  available: number | null;
  reserved: number;
}
export interface InternalEntitlements {
  mode: BillingMode;
  plan: PlanId;
  status: BillingStatus;
  apiKeys: boolean;
  webhooks: boolean;
}
