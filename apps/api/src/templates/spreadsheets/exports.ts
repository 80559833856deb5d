/**
 * The Dutch of the super admin's spreadsheet downloads: sheet names and column headers. The file
 * names are in the contract (EXPORT_FILES), because the web app saves the download under them.
 */
export const ADMINS_SHEET = {
  name: 'Beheerders',
  headers: { workspace: 'Atelier', fullName: 'Naam', email: 'E-mailadres' },
  /** In the workshop column for the super admins, who belong to none. */
  noWorkshop: 'Platformbeheer',
} as const;

export const NEWSLETTER_SHEET = {
  name: 'Nieuwsbrief',
  headers: { email: 'E-mailadres', name: 'Naam', createdAt: 'Aangemeld op' },
} as const;
