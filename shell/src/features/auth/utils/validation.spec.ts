import { validateLogin, validateRegister } from './validation';

describe('client-side validation (spec §5)', () => {
  const good = { email: 'ada@example.com', password: 'Garment1x', confirmPassword: 'Garment1x' };

  it.each([
    [{ password: 'Ab1', confirmPassword: 'Ab1' }, 'password', 'Password must be at least 8 characters'],
    [{ password: 'garment1x', confirmPassword: 'garment1x' }, 'password', 'Password must contain at least one uppercase letter, one lowercase letter, and one number'],
    [{ password: 'GARMENTXX', confirmPassword: 'GARMENTXX' }, 'password', 'Password must contain at least one uppercase letter, one lowercase letter, and one number'],
    [{ confirmPassword: '' }, 'confirmPassword', 'Please confirm your password'],
    [{ confirmPassword: 'Garment2x' }, 'confirmPassword', "Passwords don't match"],
    [{ email: '' }, 'email', 'Required'],
    [{ email: 'ada@' }, 'email', 'Invalid email'],
  ])('register %j → %s: %s', (change, field, message) => {
    expect(validateRegister({ ...good, ...change })).toEqual({ [field]: message });
  });

  it('accepts a valid registration', () => {
    expect(validateRegister(good)).toEqual({});
  });

  it('login needs a valid address and a password', () => {
    expect(validateLogin({ email: 'nope', password: '' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    });
    expect(validateLogin({ email: ' ada@example.com ', password: 'x' })).toEqual({});
  });
});

describe('common passwords (client side, the same list svc-auth uses)', () => {
  it('refuses "Password1" once the list is loaded, with the server’s message', async () => {
    const { loadCommonPasswordCheck, validateRegister: validate } = await import('./validation');
    const { AUTH_VALIDATION } = await import('@vton/contracts');
    const isCommon = await loadCommonPasswordCheck();
    const values = { email: 'ada@example.com', password: 'Password1', confirmPassword: 'Password1' };
    expect(validate(values, isCommon)).toEqual({ password: AUTH_VALIDATION.commonPassword });
    expect(validate({ ...values, password: 'Garment1x', confirmPassword: 'Garment1x' }, isCommon)).toEqual({});
  });
});
