import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import {
  changePasswordFormSchema,
  changePasswordRequestSchema,
  resetPasswordFormSchema,
  resetPasswordRequestRequestSchema,
  updateProfileSchema,
} from './auth.schema.ts';
import { loginRequestSchema } from './session.schema.ts';

function firstMessages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

describe('reset password form', () => {
  it('asks for both fields', () => {
    const r = resetPasswordFormSchema.safeParse({ newPassword: '', newPasswordRepeat: '' });
    expect(firstMessages(r)).toEqual({
      newPassword: MESSAGES.passwordRequired,
      newPasswordRepeat: MESSAGES.passwordRepeatRequired,
    });
  });

  it('checks the length 8 to 50', () => {
    expect(
      firstMessages(resetPasswordFormSchema.safeParse({ newPassword: 'kort', newPasswordRepeat: 'kort' })),
    ).toEqual({ newPassword: MESSAGES.passwordLength, newPasswordRepeat: MESSAGES.passwordLength });
    const long = 'a'.repeat(51);
    expect(firstMessages(resetPasswordFormSchema.safeParse({ newPassword: long, newPasswordRepeat: long }))).toEqual({
      newPassword: MESSAGES.passwordLength,
      newPasswordRepeat: MESSAGES.passwordLength,
    });
    expect(
      resetPasswordFormSchema.safeParse({ newPassword: 'a'.repeat(8), newPasswordRepeat: 'a'.repeat(8) }).success,
    ).toBe(true);
  });

  it('requires both to be equal', () => {
    const r = resetPasswordFormSchema.safeParse({ newPassword: 'abcdefgh', newPasswordRepeat: 'abcdefgX' });
    expect(firstMessages(r)).toEqual({ newPasswordRepeat: MESSAGES.passwordsDoNotMatch });
  });
});

describe('change password', () => {
  it('uses the "nieuwe" wording on the form', () => {
    const r = changePasswordFormSchema.safeParse({ currentPassword: '', newPassword: '', newPasswordRepeat: 'x' });
    expect(firstMessages(r)).toEqual({
      currentPassword: MESSAGES.currentPasswordRequired,
      newPassword: MESSAGES.newPasswordRequired,
      newPasswordRepeat: MESSAGES.newPasswordLength,
    });
  });

  it('the server also wants a digit, a letter and a special character', () => {
    const weak = changePasswordRequestSchema.safeParse({ currentPassword: 'x', newPassword: 'abcdefgh1' });
    expect(firstMessages(weak)).toEqual({ newPassword: MESSAGES.passwordComplexity });
    const strong = changePasswordRequestSchema.safeParse({ currentPassword: 'x', newPassword: 'abcdefg1!' });
    expect(strong.success).toBe(true);
  });
});

describe('log-in and reset request', () => {
  it('refuses empty fields with Dutch messages', () => {
    expect(firstMessages(loginRequestSchema.safeParse({ userNameOrEmailAddress: ' ', password: '' }))).toEqual({
      userNameOrEmailAddress: MESSAGES.userNameOrEmailRequired,
      password: MESSAGES.passwordEmpty,
    });
    expect(firstMessages(resetPasswordRequestRequestSchema.safeParse({ emailAddress: '' }))).toEqual({
      emailAddress: MESSAGES.resetRequestEmailRequired,
    });
  });
});

describe('profile', () => {
  it('quotes a malformed e-mail address in the message', () => {
    const r = updateProfileSchema.safeParse({ name: 'A', surname: 'B', email: 'geen-adres' });
    expect(firstMessages(r)).toEqual({ email: 'Het e-mailadres is onjuist geformatteerd (geen-adres)' });
  });

  it('requires first name, last name and e-mail', () => {
    const r = updateProfileSchema.safeParse({ name: '', surname: '', email: '' });
    expect(firstMessages(r)).toEqual({
      name: MESSAGES.firstNameRequired,
      surname: MESSAGES.lastNameRequired,
      email: MESSAGES.emailRequired,
    });
  });

  it('turns an empty phone number into null', () => {
    const r = updateProfileSchema.parse({ name: 'A', surname: 'B', email: 'a@b.nl', phoneNumber: '' });
    expect(r.phoneNumber).toBeNull();
  });
});
