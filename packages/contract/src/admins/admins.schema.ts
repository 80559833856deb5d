import { z } from 'zod';

/** An entry of the admin overview: every admin, with the workshop's name (null for the host). */
export const adminEntrySchema = z.object({
  id: z.string(),
  tenantId: z.string().nullable(),
  fullName: z.string(),
  email: z.string(),
  workspaceName: z.string().nullable(),
});
export type AdminEntry = z.infer<typeof adminEntrySchema>;
export const adminsResponseSchema = z.array(adminEntrySchema);

/** The two spreadsheet downloads of the admins' overview. */
export const EXPORT_FILES = {
  admins: 'beheerders.xls',
  newsletterSubscriptions: 'nieuwsbrief-aanmeldingen.xls',
} as const;
export const XLS_MIME = 'application/vnd.ms-excel';
