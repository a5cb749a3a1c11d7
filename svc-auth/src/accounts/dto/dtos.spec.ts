import { AUTH_ERRORS, AUTH_VALIDATION as M, MAX_PASSWORD_LENGTH } from '@vton/contracts';
import { validationIssues } from '@vton/service-kit';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { LoginDto } from './login.dto.js';
import { RegisterDto } from './register.dto.js';
import { ResetPasswordDto } from './reset-password.dto.js';
import { VerifyEmailQuery } from './verify-email.dto.js';

async function issues(dto: new () => object, body: object) {
  const instance = plainToInstance(dto, body);
  return { instance, issues: validationIssues(await validate(instance, { whitelist: true })) };
}

const good = { email: 'ada@example.com', password: 'Garment1x', confirmPassword: 'Garment1x' };

describe('RegisterDto (spec §5)', () => {
  it.each([
    [{ ...good, password: 'Ab1', confirmPassword: 'Ab1' }, 'password', M.passwordTooShort],
    [{ ...good, password: 'ab', confirmPassword: 'ab' }, 'password', M.passwordTooShort],
    [{ ...good, password: 'garment1x', confirmPassword: 'garment1x' }, 'password', M.passwordComplexity],
    [{ ...good, password: 'GARMENT1X', confirmPassword: 'GARMENT1X' }, 'password', M.passwordComplexity],
    [{ ...good, password: 'Garmentxx', confirmPassword: 'Garmentxx' }, 'password', M.passwordComplexity],
    [{ ...good, password: 'Password1', confirmPassword: 'Password1' }, 'password', M.commonPassword],
    [{ ...good, password: 'Qwerty123', confirmPassword: 'Qwerty123' }, 'password', M.commonPassword],
    [{ ...good, password: 'IloveYou1', confirmPassword: 'IloveYou1' }, 'password', M.commonPassword],
    [{ ...good, confirmPassword: '' }, 'confirmPassword', M.confirmPasswordRequired],
    [{ ...good, confirmPassword: 'Garment1y' }, 'confirmPassword', M.passwordsDontMatch],
    [{ ...good, email: 'not-an-address' }, 'email', M.invalidEmail],
    [{ password: good.password, confirmPassword: good.password }, 'email', M.required],
    [{ email: good.email }, 'password', M.required],
  ])('%j → %s: %s', async (body, field, message) => {
    const { issues: found } = await issues(RegisterDto, body);
    expect(found[0]).toEqual({ path: [field], message });
  });

  it('accepts a valid registration and normalises the address', async () => {
    const { instance, issues: found } = await issues(RegisterDto, { ...good, email: '  Ada@Example.COM ' });
    expect(found).toEqual([]);
    expect(instance).toMatchObject({ email: 'ada@example.com' });
  });
});

describe('LoginDto and ResetPasswordDto', () => {
  it('login needs a valid address and a password', async () => {
    expect((await issues(LoginDto, { email: 'nope', password: 'x' })).issues).toEqual([{ path: ['email'], message: M.loginEmail }]);
    expect((await issues(LoginDto, { email: 'a@b.co', password: '' })).issues).toEqual([{ path: ['password'], message: M.loginPasswordRequired }]);
    expect((await issues(LoginDto, { email: 'a@b.co' })).issues).toEqual([{ path: ['password'], message: M.loginPasswordRequired }]);
    // The limit and its message agree (128).
    expect(M.passwordTooLong).toContain(String(MAX_PASSWORD_LENGTH));
    expect((await issues(LoginDto, { email: 'a@b.co', password: 'x'.repeat(MAX_PASSWORD_LENGTH) })).issues).toEqual([]);
    expect((await issues(LoginDto, { email: 'a@b.co', password: 'x'.repeat(MAX_PASSWORD_LENGTH + 1) })).issues).toEqual([{ path: ['password'], message: M.passwordTooLong }]);
  });

  it('reset uses the registration rules', async () => {
    expect((await issues(ResetPasswordDto, { token: 't', password: 'Password123', confirmPassword: 'Password123' })).issues[0]).toEqual({ path: ['password'], message: M.commonPassword });
    expect((await issues(ResetPasswordDto, { token: 't', password: 'short', confirmPassword: 'short' })).issues[0]).toEqual({ path: ['password'], message: M.passwordTooShort });
    expect((await issues(ResetPasswordDto, { token: 't', password: 'Garment1x', confirmPassword: 'Garment2x' })).issues[0]).toEqual({ path: ['confirmPassword'], message: M.passwordsDontMatch });
    expect((await issues(ResetPasswordDto, { password: 'Garment1x', confirmPassword: 'Garment1x' })).issues[0]).toEqual({ path: ['token'], message: M.resetTokenRequired });
    expect((await issues(ResetPasswordDto, { token: 't'.repeat(201), password: 'Garment1x', confirmPassword: 'Garment1x' })).issues[0]).toEqual({ path: ['token'], message: AUTH_ERRORS.invalidResetLink });
  });

  it('an over-long verification token reads as an invalid link', async () => {
    expect((await issues(VerifyEmailQuery, { token: 't'.repeat(201) })).issues).toEqual([{ path: ['token'], message: AUTH_ERRORS.invalidVerificationLink }]);
  });
});
