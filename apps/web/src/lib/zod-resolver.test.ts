import { changePasswordFormSchema, MESSAGES, updateProfileSchema } from '@ateliermarkt/contract';
import { describe, expect, it } from 'vitest';
import { issuesToErrors, zodResolver } from './zod-resolver.ts';

describe('zodResolver', () => {
  it('returns no errors for valid values', () => {
    const validate = zodResolver(updateProfileSchema);
    expect(validate({ name: 'Anna', surname: 'de Vries', email: 'anna@atelier.nl', phoneNumber: '' })).toEqual({});
  });

  it('keeps only the first issue per field', () => {
    const validate = zodResolver(changePasswordFormSchema);
    expect(validate({ currentPassword: '', newPassword: '', newPasswordRepeat: 'x' })).toEqual({
      currentPassword: MESSAGES.currentPasswordRequired,
      newPassword: MESSAGES.newPasswordRequired,
      newPasswordRepeat: MESSAGES.newPasswordLength,
    });
  });

  it('puts refinements on the path the schema names', () => {
    const validate = zodResolver(changePasswordFormSchema);
    expect(validate({ currentPassword: 'oud', newPassword: 'abcdefgh', newPasswordRepeat: 'abcdefgX' })).toEqual({
      newPasswordRepeat: MESSAGES.passwordsDoNotMatch,
    });
  });

  it('joins nested paths with dots', () => {
    expect(
      issuesToErrors([
        { path: ['items', 0, 'name'], message: 'eerste' },
        { path: ['items', 0, 'name'], message: 'tweede' },
        { path: [], message: 'formulier' },
      ]),
    ).toEqual({ 'items.0.name': 'eerste', '': 'formulier' });
  });
});
