import { AUTH_VALIDATION as M, EMAIL_PATTERN, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@vton/contracts';

/** A form's field errors: only failing fields have an entry, each with the first rule it breaks. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface LoginValues { email: string; password: string }
export interface RegisterValues { email: string; password: string; confirmPassword: string }
export interface NewPasswordValues { password: string; confirmPassword: string }

/** The password rules of spec §5, as the requirement list shows them. */
export const PASSWORD_REQUIREMENTS = [
  { id: 'length', label: `At least ${MIN_PASSWORD_LENGTH} characters`, test: (p: string) => p.length >= MIN_PASSWORD_LENGTH },
  { id: 'uppercase', label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'number', label: 'One number', test: (p: string) => /\d/.test(p) },
] as const;

const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

export function validateLogin({ email, password }: LoginValues): FieldErrors<keyof LoginValues> {
  const errors: FieldErrors<keyof LoginValues> = {};
  if (!isEmail(email)) errors.email = M.loginEmail;
  if (!password) errors.password = M.loginPasswordRequired;
  return errors;
}

/** Is this one of the common passwords svc-auth refuses? Loaded on demand (the list is ~90 KB). */
export type CommonPasswordCheck = (password: string) => boolean;
let commonPasswordCheck: CommonPasswordCheck | undefined;

/** The common-passwords check, once loaded (the password forms load it when they open). */
export const loadedCommonPasswordCheck = (): CommonPasswordCheck | undefined => commonPasswordCheck;

export async function loadCommonPasswordCheck(): Promise<CommonPasswordCheck> {
  commonPasswordCheck ??= (await import(/* webpackChunkName: "common-passwords" */ '@vton/contracts/common-passwords')).isCommonPassword;
  return commonPasswordCheck;
}

export function validateNewPassword(
  { password, confirmPassword }: NewPasswordValues,
  isCommon: CommonPasswordCheck | undefined = loadedCommonPasswordCheck(),
): FieldErrors<keyof NewPasswordValues> {
  const errors: FieldErrors<keyof NewPasswordValues> = {};
  if (password.length < MIN_PASSWORD_LENGTH) errors.password = M.passwordTooShort;
  else if (password.length > MAX_PASSWORD_LENGTH) errors.password = M.passwordTooLong;
  else if (!PASSWORD_REQUIREMENTS.every((rule) => rule.test(password))) errors.password = M.passwordComplexity;
  else if (isCommon?.(password)) errors.password = M.commonPassword;
  if (!confirmPassword) errors.confirmPassword = M.confirmPasswordRequired;
  else if (confirmPassword !== password) errors.confirmPassword = M.passwordsDontMatch;
  return errors;
}

export function validateRegister(values: RegisterValues, isCommon?: CommonPasswordCheck): FieldErrors<keyof RegisterValues> {
  const errors: FieldErrors<keyof RegisterValues> = {};
  if (!values.email.trim()) errors.email = M.required;
  else if (!isEmail(values.email)) errors.email = M.invalidEmail;
  return { ...errors, ...validateNewPassword(values, isCommon) };
}

export function validateEmailOnly(email: string): FieldErrors<'email'> {
  return isEmail(email) ? {} : { email: M.loginEmail };
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
