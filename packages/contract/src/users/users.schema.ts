import { z } from 'zod';
import {
  emailField,
  optionalText,
  passwordField,
  readOnlyFields,
  reconfirmFields,
  requiredText,
  strongPasswordField,
  uuid,
} from '../common/fields.ts';
import { ROLE_NAMES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { pagedSchema } from './roles.schema.ts';

/** An entry of the users list of a tenant (Tenant user). */
export const workshopUserSchema = z.object({
  id: z.string(),
  tenantId: z.string().nullable(),
  userName: z.string(),
  name: z.string(),
  surname: z.string(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  role: z.enum(ROLE_NAMES),
  roles: z.array(z.enum(ROLE_NAMES)),
  concurrencyStamp: z.string(),
});
export type WorkshopUser = z.infer<typeof workshopUserSchema>;
export const workshopUsersResponseSchema = pagedSchema(workshopUserSchema);

const roleNamesField = z
  .array(z.enum(ROLE_NAMES, { error: MESSAGES.roleRequired }), { error: MESSAGES.roleRequired })
  .min(1, { error: MESSAGES.roleRequired })
  .max(1, { error: MESSAGES.roleRequired });

const userFields = {
  name: requiredText(MESSAGES.firstNameRequired, 64),
  surname: requiredText(MESSAGES.lastNameRequired, 64),
  email: emailField,
  phoneNumber: optionalText(32),
  roleNames: roleNamesField,
};

/** POST identity/users: a new user of the caller's tenant; the password obeys the server's rule. */
export const createUserSchema = z.strictObject({
  userName: requiredText(MESSAGES.userNameRequired, 64),
  ...userFields,
  password: strongPasswordField,
});
export type CreateUser = z.infer<typeof createUserSchema>;

/** What PUT identity/users/{id} accepts back from the GET but does not change (403 when changed). */
export const USER_READ_ONLY = ['id', 'tenantId', 'userName', 'fullName'] as const;

/**
 * PUT identity/users/{id}: the user form with `roleNames`, or the user as GET returns it, whose `roles`
 * (and `role`) then say the role; sent together they must agree. The user name cannot change; an empty password
 * keeps the current one.
 */
export const updateUserSchema = z.strictObject({
  ...readOnlyFields(workshopUserSchema.shape, USER_READ_ONLY),
  ...userFields,
  roleNames: roleNamesField.optional(),
  roles: roleNamesField.optional(),
  role: z.enum(ROLE_NAMES, { error: MESSAGES.roleRequired }).optional(),
  password: z
    .string()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(strongPasswordField.nullable()),
  concurrencyStamp: z.uuid({ error: MESSAGES.userStale }),
  /** Required when the e-mail address or password changes. */
  ...reconfirmFields,
});
export type UpdateUser = z.input<typeof updateUserSchema>;

export const userIdParamsSchema = z.object({ id: uuid });

/** The user form of the web app: length-only passwords, a confirmation that must match. */
export function userFormSchema(mode: 'add' | 'edit') {
  const password =
    mode === 'add'
      ? passwordField(MESSAGES.passwordRequired, MESSAGES.passwordLength)
      : z.union([z.literal(''), passwordField(MESSAGES.passwordRequired, MESSAGES.passwordLength)]);
  const confirmation =
    mode === 'add'
      ? passwordField(MESSAGES.passwordConfirmationRequired, MESSAGES.passwordLength)
      : z.union([z.literal(''), passwordField(MESSAGES.passwordConfirmationRequired, MESSAGES.passwordLength)]);
  return z
    .object({
      userName: requiredText(MESSAGES.userNameRequired, 64),
      name: requiredText(MESSAGES.firstNameRequired, 64),
      surname: requiredText(MESSAGES.lastNameRequired, 64),
      email: emailField,
      phoneNumber: z.string(),
      role: z.enum(ROLE_NAMES, { error: MESSAGES.roleRequired }),
      password,
      passwordConfirmation: confirmation,
    })
    .superRefine((v, ctx) => {
      if (mode === 'edit' && v.password !== '' && v.passwordConfirmation === '') {
        ctx.addIssue({
          code: 'custom',
          message: MESSAGES.passwordConfirmationRequired,
          path: ['passwordConfirmation'],
        });
      } else if (v.password !== v.passwordConfirmation) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.passwordsDoNotMatch, path: ['passwordConfirmation'] });
      }
    });
}
export type UserFormValues = z.input<ReturnType<typeof userFormSchema>>;
