import { applyDecorators, Body, Controller, Get, HttpCode, Post, Query, Req, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type {
  AuthMessageResponse,
  LoginResponse,
  MeResponse,
  RegisterResponse,
  VerifyEmailResponse,
} from '@vton/contracts';
import { CurrentUser, Public, RetryAfterInterceptor, type AuthenticatedUser } from '@vton/service-kit';
import type { Request } from 'express';
import { AccountsService } from './accounts.service.js';
import { EmailDto } from './dto/email.dto.js';
import { LoginDto } from './dto/login.dto.js';
import { RegisterDto } from './dto/register.dto.js';
import { ResetPasswordDto } from './dto/reset-password.dto.js';
import { VerifyEmailQuery } from './dto/verify-email.dto.js';

/**
 * An account call: a POST that answers 200, not 201 (it signs in or out, or changes the account; it
 * adds nothing to the API), with what its answer holds.
 */
function AccountCall(path: string, operation: { operationId: string; summary: string }, answer: string): MethodDecorator {
  return applyDecorators(Post(path), HttpCode(200), ApiOperation(operation), ApiOkResponse({ description: answer }));
}

@ApiTags('accounts')
@Controller('/api/auth')
@UseInterceptors(RetryAfterInterceptor)
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Public()
  @Post('register')
  @ApiOperation({ operationId: 'register', summary: 'Create an account' })
  @ApiCreatedResponse({ description: 'Stored unverified; a verification e-mail is on its way.' })
  @ApiBadRequestResponse({ description: 'Validation failed: `message` is the first issue, `issues` lists them all.' })
  @ApiConflictResponse({ description: '"User already exists".' })
  @ApiTooManyRequestsResponse({ description: 'Too many registrations or mails from this network; see Retry-After.' })
  register(@Body() body: RegisterDto, @Req() req: Request): Promise<RegisterResponse> {
    return this.accounts.register(body, clientIp(req));
  }

  @Public()
  @AccountCall('login', { operationId: 'login', summary: 'Sign in' }, '{ token }: an ES256 JWT.')
  @ApiUnauthorizedResponse({ description: '"Invalid credentials".' })
  @ApiForbiddenResponse({ description: 'The e-mail address is not verified yet.' })
  @ApiTooManyRequestsResponse({ description: 'Too many failures for this account or address; see Retry-After.' })
  login(@Body() body: LoginDto, @Req() req: Request): Promise<LoginResponse> {
    return this.accounts.login(body, clientIp(req));
  }

  @Public()
  @AccountCall('verify-email-and-login', { operationId: 'verifyEmailAndLogin', summary: 'Verify the e-mail address and sign in' }, '{ success, token, message }: the account is verified and signed in.')
  @ApiBadRequestResponse({ description: 'Missing, unknown, used or expired token.' })
  verifyEmailAndLogin(@Query() query: VerifyEmailQuery): Promise<VerifyEmailResponse> {
    return this.accounts.verifyEmailAndLogin(query.token);
  }

  @Public()
  @AccountCall('resend-verification', { operationId: 'resendVerification', summary: 'Send the verification e-mail again' }, 'The same answer whether or not the address has an account.')
  @ApiTooManyRequestsResponse({ description: 'Too many e-mails for this address; see Retry-After.' })
  resendVerification(@Body() body: EmailDto, @Req() req: Request): Promise<AuthMessageResponse> {
    return this.accounts.resendVerification(body.email, clientIp(req));
  }

  @Public()
  @AccountCall('forgot-password', { operationId: 'forgotPassword', summary: 'Mail a password reset link' }, 'The same answer whether or not the address has an account.')
  @ApiTooManyRequestsResponse({ description: 'Too many e-mails for this address; see Retry-After.' })
  forgotPassword(@Body() body: EmailDto, @Req() req: Request): Promise<AuthMessageResponse> {
    return this.accounts.forgotPassword(body.email, clientIp(req));
  }

  @Public()
  @AccountCall('reset-password', { operationId: 'resetPassword', summary: 'Set a new password with a reset link' }, 'The password is changed; the link is used up; every session of the account has ended.')
  @ApiBadRequestResponse({ description: 'Validation failed, or an unknown, used or expired token.' })
  resetPassword(@Body() body: ResetPasswordDto): Promise<AuthMessageResponse> {
    return this.accounts.resetPassword(body);
  }

  @AccountCall('refresh', { operationId: 'refreshToken', summary: 'Renew the sign-in token' }, '{ token }: a new token of the same session, which now lasts 7 more days.')
  @ApiUnauthorizedResponse({ description: 'No valid token, or its session has ended.' })
  refresh(@CurrentUser() user: AuthenticatedUser): Promise<LoginResponse> {
    return this.accounts.refresh(user);
  }

  @AccountCall('logout', { operationId: 'logout', summary: 'Sign out' }, 'This session has ended: its tokens stop working on every service within a minute.')
  logout(@CurrentUser() user: AuthenticatedUser): Promise<AuthMessageResponse> {
    return this.accounts.signOut(user);
  }

  @AccountCall('logout-all', { operationId: 'logoutAll', summary: 'Sign out of all devices' }, 'Every session of the account has ended ("Sign out of all devices").')
  logoutAll(@CurrentUser() user: AuthenticatedUser): Promise<AuthMessageResponse> {
    return this.accounts.signOutEverywhere(user);
  }

  @Get('me')
  @ApiOperation({ operationId: 'getCurrentUser', summary: 'The signed-in user' })
  @ApiOkResponse({ description: '{ user: { id, email, isEmailVerified, createdAt } } from the users table.' })
  @ApiUnauthorizedResponse({ description: 'No valid token, or the account no longer exists.' })
  me(@CurrentUser() user: AuthenticatedUser): Promise<MeResponse> {
    return this.accounts.me(user.id);
  }
}

/** The client's address as Express read it: X-Forwarded-For only from TRUSTED_PROXIES. */
function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
