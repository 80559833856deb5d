/** POST products/import: what the preview and the import answer, and their Dutch texts. */
import { z } from 'zod';
import { IMPORT_FIELDS } from './product-sheet.ts';

export const IMPORT_ROW_STATUSES = ['new', 'changed', 'unchanged', 'refused'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const IMPORT_STATUS_LABELS: Record<ImportRowStatus, string> = {
  new: 'Nieuw',
  changed: 'Gewijzigd',
  unchanged: 'Ongewijzigd',
  refused: 'Geweigerd',
};

export const importRowSchema = z.object({
  /** The row's number as the spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  code: z.string().nullable(),
  name: z.string().nullable(),
  status: z.enum(IMPORT_ROW_STATUSES),
  /** The headers of the columns that change (for a changed row). */
  changed: z.array(z.string()),
  /** Why the row is refused, each naming its column. */
  reasons: z.array(z.string()),
  /** The product made or changed (after the import), or the existing one the row matched. */
  productId: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importResultSchema = z.object({
  dryRun: z.boolean(),
  /** Whether the accepted rows were written (never on a dry run). */
  imported: z.boolean(),
  /** Columns the import does not know: named, and the file is not imported until they are gone. */
  unknownColumns: z.array(z.string()),
  /** Custom categories that do not exist yet: the import creates them only when it is sent this list back. */
  newCustomCategories: z.array(z.string()),
  /** Problems of the whole file (unknown columns, no rows); an import with one of these writes nothing. */
  fileErrors: z.array(z.string()),
  counts: z.object({
    new: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    refused: z.number().int(),
  }),
  rows: z.array(importRowSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const importQuerySchema = z.strictObject({
  dryRun: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
});

/** The multipart body, as the OpenAPI document describes it (the handler reads the stream itself). */
export const importFormSchema = z.object({
  [IMPORT_FIELDS.file]: z.string().meta({ format: 'binary', description: 'Het spreadsheet (.xlsx of .csv)' }),
  [IMPORT_FIELDS.photos]: z
    .string()
    .meta({ format: 'binary', description: "Een .zip met de foto's (JPEG) die de kolom Foto's noemt" })
    .optional(),
  [IMPORT_FIELDS.newCategories]: z
    .string()
    .meta({ description: 'De nieuwe eigen categorieën uit het voorbeeld, als JSON-lijst: alleen die worden gemaakt' })
    .optional(),
});

/** The import's Dutch texts: reasons on a row always name their column. */
export const IMPORT_MESSAGES = {
  inColumn: (header: string, message: string) => `Kolom '${header}': ${message}`,
  fileMissing: 'Kies een spreadsheet (.xlsx of .csv) om te importeren.',
  fileType: 'Het bestand moet een Excel-bestand (.xlsx) of een CSV-bestand (.csv) zijn.',
  fileUnreadable:
    'Het spreadsheet kan niet worden gelezen. Sla het op als .xlsx of als CSV (UTF-8) en probeer het opnieuw.',
  fileTooLarge: (mb: number) => `Het spreadsheet mag niet groter zijn dan ${mb} MB.`,
  fileTooBig:
    'Het spreadsheet is uitgepakt te groot of te ingewikkeld (te veel rijen of kolommen, te diep genest). Het is niet ingelezen.',
  fileNotUtf8: 'Het CSV-bestand is geen UTF-8. Sla het op als "CSV UTF-8" en probeer het opnieuw.',
  tooManyRows: (max: number) => `Een import mag hoogstens ${max} producten bevatten.`,
  noRows: 'Het spreadsheet bevat geen producten.',
  noHeader: "De eerste rij moet de kolomnamen bevatten (bijvoorbeeld 'Naam' en 'Prijs').",
  duplicateColumn: (header: string) => `De kolom '${header}' staat er twee keer in.`,
  unknownColumns: (headers: string[]) =>
    `Deze kolommen zijn onbekend: ${headers.map((h) => `'${h}'`).join(', ')}. Haal ze weg of geef ze de naam van een bekende kolom.`,
  photosType: "De foto's moeten in een .zip-bestand staan.",
  photosUnreadable: "Het .zip-bestand met foto's kan niet worden gelezen.",
  photosTooLarge: (mb: number) => `Het .zip-bestand met foto's mag uitgepakt niet groter zijn dan ${mb} MB.`,
  photosUploadTooLarge: (mb: number) => `Het .zip-bestand met foto's mag niet groter zijn dan ${mb} MB.`,
  photosTooMany: (max: number) => `Het .zip-bestand mag hoogstens ${max} bestanden bevatten.`,
  newCategoriesInvalid: 'De lijst met nieuwe categorieën is niet geldig.',
  formula: 'bevat een formule; formules worden niet uitgevoerd, vul de waarde zelf in',
  notANumber: 'is geen getal',
  notYesNo: "vul 'Ja' of 'Nee' in",
  codeUnknown: (code: string) => `er is geen product met code '${code}' in dit atelier`,
  codeTwice: (row: number) => `deze code staat ook in rij ${row}`,
  categoryUnknown: (title: string) => `de hoofdcategorie '${title}' bestaat niet`,
  newCategoryNotConfirmed: (title: string) =>
    `de nieuwe categorie '${title}' stond niet in het voorbeeld; bekijk het voorbeeld opnieuw`,
  deliveryMethodUnknown: (name: string) => `de verzendmethode '${name}' bestaat niet`,
  photoMissing: (name: string) => `de foto '${name}' staat niet in het .zip-bestand`,
  photoNotOwned: (name: string) => `de foto '${name}' hoort niet bij dit atelier`,
  photoRefused: (name: string, reason: string) => `foto '${name}': ${reason}`,
  publishAdminOnly: 'alleen de beheerder van het atelier kan een product publiceren of offline halen',
  notYours: 'dit product is van een collega; alleen de beheerder en wie het plaatste kunnen het wijzigen',
  importSkipped: (count: number) => (count === 1 ? '1 rij is overgeslagen.' : `${count} rijen zijn overgeslagen.`),
  importDone: (made: number, changed: number) =>
    `${made === 1 ? '1 product' : `${made} producten`} toegevoegd, ${changed === 1 ? '1 product' : `${changed} producten`} gewijzigd.`,
} as const;
