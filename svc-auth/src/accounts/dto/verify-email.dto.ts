import { AUTH_ERRORS, AUTH_VALIDATION as M } from '@vton/contracts';
import { LinkTokenField } from './auth-fields.js';

export class VerifyEmailQuery {
  @LinkTokenField({ required: M.verificationTokenRequired, invalid: AUTH_ERRORS.invalidVerificationLink })
  token: string;
}
