import { z } from 'zod';
import { emailField, optionalText, optionalZipCode, readOnlyFields, reconfirmFields, uuid } from '../common/fields.ts';
import {
  MAX_FEATURED_WORKSHOPS,
  PROVINCES,
  WORKSHOP_LABELS,
  WORKSHOP_NAME_MAX,
  WORKSHOP_NAME_MIN,
} from '../constants.ts';
import { imageRefSchema, imageSchema } from '../images/images.schema.ts';
import { MESSAGES } from '../messages.ts';
import { holidayInputSchema, holidaySchema, ibanField, ibanHolderField } from './holiday.ts';
import { legalProfileInputShape, legalProfileSchema } from './legal-profile.ts';

/** The workshop name rule: required, 4 to 64 characters. */
export const workshopNameField = z
  .string({ error: MESSAGES.workspaceNameRequired })
  .trim()
  .min(1, { error: MESSAGES.workspaceNameRequired, abort: true })
  .min(WORKSHOP_NAME_MIN, { error: MESSAGES.workspaceNameLength })
  .max(WORKSHOP_NAME_MAX, { error: MESSAGES.workspaceNameLength });

/** A workshop's label: 0 Geen, 1 Homepage, 2 Tekst, 3 Fotografie, 4 Webshop (an enum in the OpenAPI document). */
export const workshopLabelSchema = z.literal(
  WORKSHOP_LABELS.map((l) => l.id),
  { error: MESSAGES.fieldInvalid },
);
export const workshopLabelField = workshopLabelSchema;
export type WorkspaceLabel = z.infer<typeof workshopLabelSchema>;

/** One of the twelve provinces, or null. */
export const provinceSchema = z.enum(PROVINCES, { error: MESSAGES.provinceInvalid });
export type Province = z.infer<typeof provinceSchema>;
/** In a request, an empty province is none. */
export const provinceField = z
  .union([provinceSchema, z.literal('')], { error: MESSAGES.provinceInvalid })
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * A workshop (Workspace). Creditor and debtor numbers are null for everyone but the super admin. `iban`
 * (compact, capitals) and `ibanHolder` are where payouts go: whole for the super admin and the
 * workshop's own admin, masked for anyone else. `holiday` is the stored holiday period, or null.
 */
export const workshopSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  name: z.string(),
  description: z.string(),
  street: z.string().nullable(),
  streetNumber: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  province: provinceSchema.nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  openingTimes: z.string().nullable(),
  creditorNumber: z.string().nullable(),
  debtorNumber: z.string().nullable(),
  mainImage: imageSchema.nullable(),
  teamImage: imageSchema.nullable(),
  label: workshopLabelSchema,
  isFeatured: z.boolean(),
  isPublished: z.boolean(),
  iban: z.string().nullable(),
  ibanHolder: z.string().nullable(),
  /** When the IBAN or holder last changed (ISO 8601), or null when never since migration 0024. */
  ibanChangedAt: z.string().nullable(),
  holiday: holidaySchema.nullable(),
  /** The legal profile: what the fee invoices name of the workshop, and the VAT regime of its sales. */
  ...legalProfileSchema.shape,
});
export type Workshop = z.infer<typeof workshopSchema>;
export const workshopsResponseSchema = z.array(workshopSchema);

/** POST workspaces: creates the tenant, the workshop and its admin. */
export const createWorkshopSchema = z.strictObject({
  name: workshopNameField,
  adminEmailAddress: emailField,
  creditorNumber: optionalText(64),
  debtorNumber: optionalText(64),
});
export type CreateWorkshop = z.infer<typeof createWorkshopSchema>;

/** What a PUT workspaces/{id} accepts back from the GET but nobody changes through it (403 when changed). */
export const WORKSHOP_READ_ONLY = ['id', 'tenantId', 'isFeatured', 'isPublished', 'ibanChangedAt'] as const;

/**
 * PUT workspaces/{id}: the workspace as GET returns it. `name`, `creditorNumber` and `debtorNumber`
 * are the super admin's: anyone else may leave them out or send back what GET showed them (the numbers as null);
 * the server refuses a change. The photos are required keys (null removes one), so a client that leaves them out is
 * told so instead of deleting them. `iban`, `ibanHolder` and `holiday` may be left out (unchanged); null removes
 * them (null `holiday` ends holiday mode). An IBAN needs its holder. The legal profile (`legalName`, `kvkNumber`,
 * `kvkBranchNumber`, `vatId`, `vatRegime`) is the super admin's and the workshop admin's alike.
 */
export const updateWorkshopSchema = z
  .strictObject({
    ...readOnlyFields(workshopSchema.shape, WORKSHOP_READ_ONLY),
    name: workshopNameField.optional(),
    creditorNumber: optionalText(64).optional(),
    debtorNumber: optionalText(64).optional(),
    description: z
      .string({ error: MESSAGES.fieldInvalid })
      .max(100_000, { error: MESSAGES.descriptionTooLong })
      .nullish()
      .transform((v) => v ?? ''),
    openingTimes: optionalText(2000),
    street: optionalText(128),
    streetNumber: optionalText(16),
    zipCode: optionalZipCode(),
    city: optionalText(128),
    province: provinceField,
    email: emailField,
    phone: optionalText(32),
    label: workshopLabelField,
    mainImage: imageRefSchema.nullable(),
    teamImage: imageRefSchema.nullable(),
    iban: ibanField.optional(),
    ibanHolder: ibanHolderField.optional(),
    holiday: holidayInputSchema.nullable().optional(),
    /** The legal profile: left out is unchanged, empty removes a value. */
    ...legalProfileInputShape,
    /** Required when the e-mail address, IBAN or holder changes. */
    ...reconfirmFields,
  })
  .superRefine((w, ctx) => {
    if (w.iban && w.ibanHolder === null)
      ctx.addIssue({ code: 'custom', path: ['ibanHolder'], message: MESSAGES.ibanHolderRequired });
  });
export type UpdateWorkshop = z.input<typeof updateWorkshopSchema>;
export type UpdateWorkshopParsed = z.output<typeof updateWorkshopSchema>;

export const publishStatusSchema = z.strictObject({
  id: uuid,
  isPublished: z.boolean({ error: MESSAGES.fieldInvalid }),
});
export type PublishStatus = z.infer<typeof publishStatusSchema>;

export const featuredWorkshopsSchema = z.strictObject({
  featuredWorkspaces: z
    .array(uuid, { error: MESSAGES.fieldInvalid })
    .max(MAX_FEATURED_WORKSHOPS, { error: MESSAGES.onlyOneFeaturedWorkspace }),
});
export type FeaturedWorkshops = z.infer<typeof featuredWorkshopsSchema>;

export const workshopProfileIdParamsSchema = z.object({ id: uuid });
export const workshopIdParamsSchema = z.object({ tenantId: uuid });
