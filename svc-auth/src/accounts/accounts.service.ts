import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AUTH_ERRORS,
  ErrorCode,
  PASSWORD_RESET_LINK_HOURS,
  VERIFICATION_LINK_HOURS,
  type AuthMessageResponse,
  type LoginResponse,
  type MeResponse,
  type RegisterResponse,
  type VerifyEmailResponse,
} from '@vton/contracts';
import { ApiException, isUniqueViolation, type AuthenticatedUser } from '@vton/service-kit';
import type { Repository } from 'typeorm';
import { BillingService } from '../billing/billing.service.js';
import { AuthConfig } from '../config/auth.config.js';
import { accountLink, passwordResetMail, verificationMail } from '../mail/account-mails.js';
import { MailTransport } from '../mail/mail-transport.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { loginDelayMs, ThrottledException, ThrottleService } from '../throttling/throttle.service.js';
import { TokenService } from '../tokens/token.service.js';
import { User } from '../users/entities/user.entity.js';
import type { LoginDto } from './dto/login.dto.js';
import type { RegisterDto } from './dto/register.dto.js';
import type { ResetPasswordDto } from './dto/reset-password.dto.js';
import { hashToken, newOneTimeToken } from './one-time-token.js';
import { PasswordHasher } from './passwords.js';

const HOUR_MS = 3600_000;

export const ACCOUNT_MESSAGES = {
  registered: 'Account created. Please check your email to verify your account.',
  verified: 'Email verified successfully',
  resendSent: 'If this address has an account waiting for verification, we have sent a new verification link.',
  resetSent: 'If an account exists for this address, we have sent a link to reset your password.',
  passwordReset: 'Your password has been reset. You can now sign in.',
  signedOut: 'You have been signed out.',
  signedOutEverywhere: 'You have been signed out of all devices.',
} as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A one-time link the account is mailed: the columns of its token's hash and expiry, how long it lasts, and what a link that cannot be used says. */
interface OneTimeLink {
  token: 'emailVerificationToken' | 'passwordResetToken';
  expiry: 'emailVerificationExpiry' | 'passwordResetExpiry';
  hours: number;
  unknown: string;
  expired: string;
}
/** The two links: e-mail verification and password reset. */
const LINKS = {
  verification: { token: 'emailVerificationToken', expiry: 'emailVerificationExpiry', hours: VERIFICATION_LINK_HOURS, unknown: AUTH_ERRORS.invalidVerificationLink, expired: AUTH_ERRORS.expiredVerificationLink },
  reset: { token: 'passwordResetToken', expiry: 'passwordResetExpiry', hours: PASSWORD_RESET_LINK_HOURS, unknown: AUTH_ERRORS.invalidResetLink, expired: AUTH_ERRORS.expiredResetLink },
} satisfies Record<string, OneTimeLink>;

/** Accounts: registration, e-mail verification, sign-in, password reset and the current user. */
@Injectable()
export class AccountsService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly passwords: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly mail: MailTransport,
    private readonly throttle: ThrottleService,
    private readonly sessions: SessionsService,
    private readonly config: AuthConfig,
    private readonly billing: BillingService,
  ) {}

  async register({ email, password }: RegisterDto, ip: string): Promise<RegisterResponse> {
    // Every registration mails someone: counted per IP before anything tells whether the address exists.
    await this.countMailRequestFrom(ip);
    if (await this.users.existsBy({ email })) throw duplicate();
    const verification = newOneTimeToken();
    const user = this.users.create({
      email,
      password: await this.passwords.hash(password),
      isEmailVerified: 'false',
      emailVerificationToken: verification.hash,
      emailVerificationExpiry: expiryOf(LINKS.verification),
    });
    try {
      await this.users.insert(user);
    } catch (error) {
      // Two registrations of one address at once: the unique index decides.
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
    // The account exists even when the mail cannot go out now: "resend" sends a fresh link later.
    // Registration does not count against the address's mail limit, so that limit never tells
    // whether an address registered.
    this.mail.sendInBackground(verificationMail(email, accountLink(this.config.PUBLIC_URL, 'verify-email', verification.token)));
    return { message: ACCOUNT_MESSAGES.registered, email };
  }

  /**
   * Sign-in throttling as OWASP and GoTrue do it (README "Throttling"): wrong passwords are
   * counted per account-and-IP pair (LOGIN_FAILURE_LIMIT) and per IP with a much higher ceiling
   * (LOGIN_IP_FAILURE_LIMIT), both refusing with 429; per account, from anywhere, recent
   * failures only slow the answer down (loginDelayMs), so a stranger can never lock the owner out.
   */
  async login({ email, password }: LoginDto, ip: string): Promise<LoginResponse> {
    const pairKey = `login-pair:${ip}:${email}`;
    const ipKey = `login-ip:${ip}`;
    const accountKey = `login-account:${email}`;
    const window = this.config.LOGIN_FAILURE_WINDOW_SECONDS;
    // Every attempt is counted before the password is checked, each count one atomic upsert: of
    // many attempts at once, only the first `limit` of a window get a password check.
    const [pair, fromIp, accountFailures] = await Promise.all([
      this.throttle.hit(pairKey, window),
      this.throttle.hit(ipKey, window),
      this.throttle.count(accountKey, window),
    ]);
    const over = [
      ...(pair.hits > this.config.LOGIN_FAILURE_LIMIT ? [pair] : []),
      ...(fromIp.hits > this.config.LOGIN_IP_FAILURE_LIMIT ? [fromIp] : []),
    ];
    if (over.length) throw new ThrottledException(AUTH_ERRORS.tooManyAttempts, Math.max(...over.map((c) => c.secondsLeft)));
    const delay = loginDelayMs(accountFailures, this.config.LOGIN_SLOWDOWN_AFTER, this.config.LOGIN_SLOWDOWN_MAX_MS);
    if (delay) await sleep(delay);

    const user = await this.users.findOneBy({ email });
    // The password is checked first, so the 403 below never tells a stranger an address is registered.
    if (!(await this.passwords.verify(user?.password, password))) {
      await this.throttle.hit(accountKey, window);
      throw new ApiException(401, ErrorCode.UNAUTHORIZED, AUTH_ERRORS.invalidCredentials);
    }
    // The right password is no failure: the pair and the account start again, the IP's attempt is taken back.
    await Promise.all([this.throttle.clear(pairKey), this.throttle.clear(accountKey), this.throttle.undo(ipKey)]);
    if (user!.isEmailVerified !== 'true') {
      throw new ApiException(403, ErrorCode.FORBIDDEN, AUTH_ERRORS.emailNotVerified);
    }
    return { token: await this.tokens.issue({ id: user!.id, email: user!.email }) };
  }

  async verifyEmailAndLogin(token: string): Promise<VerifyEmailResponse> {
    const { user, tokenHash } = await this.linkOwner(LINKS.verification, token);
    // Conditional on the token still being there: of two clicks at once, only one wins.
    const result = await this.users.update(
      { id: user.id, emailVerificationToken: tokenHash },
      { isEmailVerified: 'true', emailVerificationToken: null, emailVerificationExpiry: null },
    );
    if (!result.affected) throw badLink(LINKS.verification.unknown);
    // Every new verified account starts its free trial now.
    await this.billing.startTrial(user.id);
    return { success: true, token: await this.tokens.issue({ id: user.id, email: user.email }), message: ACCOUNT_MESSAGES.verified };
  }

  /** Answers the same whether or not the address has an account waiting for verification. */
  async resendVerification(email: string, ip: string): Promise<AuthMessageResponse> {
    await this.countMailRequest(email, ip);
    const user = await this.users.findOneBy({ email });
    if (user && user.isEmailVerified !== 'true') {
      const token = await this.newLink(user.id, LINKS.verification);
      this.mail.sendInBackground(verificationMail(email, accountLink(this.config.PUBLIC_URL, 'verify-email', token)));
    }
    return { success: true, message: ACCOUNT_MESSAGES.resendSent };
  }

  /** Answers the same whether or not the address has an account. */
  async forgotPassword(email: string, ip: string): Promise<AuthMessageResponse> {
    await this.countMailRequest(email, ip);
    const user = await this.users.findOneBy({ email });
    if (user) {
      const token = await this.newLink(user.id, LINKS.reset);
      this.mail.sendInBackground(passwordResetMail(email, accountLink(this.config.PUBLIC_URL, 'reset-password', token)));
    }
    return { success: true, message: ACCOUNT_MESSAGES.resetSent };
  }

  async resetPassword({ token, password }: ResetPasswordDto): Promise<AuthMessageResponse> {
    const { user, tokenHash } = await this.linkOwner(LINKS.reset, token);
    const result = await this.users.update(
      { id: user.id, passwordResetToken: tokenHash },
      {
        password: await this.passwords.hash(password),
        passwordResetToken: null,
        passwordResetExpiry: null,
        // The link reached this mailbox, which proves it as well as a verification link would.
        isEmailVerified: 'true',
        emailVerificationToken: null,
        emailVerificationExpiry: null,
      },
    );
    if (!result.affected) throw badLink(LINKS.reset.unknown);
    // Whoever knew the old password (or holds a stolen token) is signed out everywhere.
    await this.sessions.endAll(user.id);
    await this.throttle.clear(`login-account:${user.email}`);
    return { success: true, message: ACCOUNT_MESSAGES.passwordReset };
  }

  /** A fresh one-time `link` for the account (an earlier one stops working): its token, for the mail; only its hash is stored. */
  private async newLink(userId: number, link: OneTimeLink): Promise<string> {
    const fresh = newOneTimeToken();
    await this.users.update(userId, { [link.token]: fresh.hash, [link.expiry]: expiryOf(link) });
    return fresh.token;
  }

  /** The account `token` is the one-time `link` of, while it lasts; else 400 saying the link is unknown (or used) or expired. */
  private async linkOwner(link: OneTimeLink, token: string): Promise<{ user: User; tokenHash: string }> {
    const tokenHash = hashToken(token);
    const user = await this.users.findOneBy({ [link.token]: tokenHash });
    if (!user) throw badLink(link.unknown);
    const expiry = user[link.expiry];
    if (!expiry || expiry.getTime() <= Date.now()) throw badLink(link.expired);
    return { user, tokenHash };
  }

  /** A fresh token of the caller's session (a rolling week). */
  async refresh(user: AuthenticatedUser): Promise<LoginResponse> {
    return { token: await this.tokens.renew(user) };
  }

  async signOut(user: AuthenticatedUser): Promise<AuthMessageResponse> {
    await this.sessions.end(user.sessionId);
    return { success: true, message: ACCOUNT_MESSAGES.signedOut };
  }

  async signOutEverywhere(user: AuthenticatedUser): Promise<AuthMessageResponse> {
    await this.sessions.endAll(user.id);
    return { success: true, message: ACCOUNT_MESSAGES.signedOutEverywhere };
  }

  /** The signed-in user as stored now; a token of a deleted account no longer works. */
  async me(id: number): Promise<MeResponse> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw new ApiException(401, ErrorCode.UNAUTHORIZED, 'Authentication required');
    return {
      user: { id: user.id, email: user.email, isEmailVerified: user.isEmailVerified, createdAt: user.createdAt.toISOString() },
    };
  }

  /**
   * Resend and forgot: every request counts per IP and per address before the address is looked
   * up, for any address alike, so neither the answer nor the limit tells whether it is registered.
   */
  private async countMailRequest(email: string, ip: string): Promise<void> {
    await this.countMailRequestFrom(ip);
    const { hits, secondsLeft } = await this.throttle.hit(`mail:${email}`, this.config.MAIL_SEND_WINDOW_SECONDS);
    if (hits > this.config.MAIL_SEND_LIMIT) throw new ThrottledException(AUTH_ERRORS.tooManyEmails, secondsLeft);
  }

  private async countMailRequestFrom(ip: string): Promise<void> {
    const { hits, secondsLeft } = await this.throttle.hit(`mail-ip:${ip}`, this.config.MAIL_SEND_WINDOW_SECONDS);
    if (hits > this.config.MAIL_SEND_LIMIT_PER_IP) throw new ThrottledException(AUTH_ERRORS.tooManyRequests, secondsLeft);
  }
}

function duplicate(): ApiException {
  return new ApiException(409, ErrorCode.CONFLICT, AUTH_ERRORS.userExists);
}

/** When a `link` made now stops working. */
function expiryOf(link: OneTimeLink): Date {
  return new Date(Date.now() + link.hours * HOUR_MS);
}

function badLink(message: string): ApiException {
  return new ApiException(400, ErrorCode.INVALID_INPUT, message);
}
