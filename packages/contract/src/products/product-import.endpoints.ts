import { endpoint, fileAnswer, STANDARD_ERRORS } from '../endpoints/endpoint.ts';
import { importFormSchema, importQuerySchema, importResultSchema } from './product-import.schema.ts';
import { XLSX_MIME } from './product-sheet.ts';
import { productListQuerySchema } from './products.schema.ts';

/** The whole catalogue out and in by spreadsheet. */
const tags = ['products'];
const makers = ['workshopAdmin', 'user'] as const;

export const exportProductsXlsx = endpoint({
  method: 'GET',
  path: '/files/products.xlsx',
  operationId: 'exportProductsXlsx',
  summary: 'De producten van het atelier als Excel-bestand (producten.xlsx), met de filters van het overzicht',
  description:
    'Dezelfde parameters als GET products (search, published, availability, categoryId, sorting); paginering telt niet: alle treffers.',
  tags,
  access: makers,
  query: productListQuerySchema,
  response: { 200: fileAnswer(XLSX_MIME, 'Het Excel-bestand (.xlsx), als bijlage') },
  errors: [400, 401, 403],
});

export const exportProductsCsv = endpoint({
  method: 'GET',
  path: '/files/products.csv',
  operationId: 'exportProductsCsv',
  summary:
    'De producten van het atelier als CSV-bestand (producten.csv, UTF-8, puntkomma), met de filters van het overzicht',
  tags,
  access: makers,
  query: productListQuerySchema,
  response: { 200: fileAnswer('text/csv', 'Het CSV-bestand, als bijlage') },
  errors: [400, 401, 403],
});

export const importProducts = endpoint({
  method: 'POST',
  path: '/products/import',
  operationId: 'importProducts',
  summary:
    'Producten importeren uit een spreadsheet (.xlsx of .csv), met foto’s in een .zip; dryRun=true geeft alleen het voorbeeld',
  description:
    'Per rij: nieuw, gewijzigd (met de kolommen), ongewijzigd of geweigerd (met de reden per kolom). Een rij met een bestaande code wijzigt dat product; een rij zonder code maakt een nieuw product. De geaccepteerde rijen worden in één keer opgeslagen, of geen.',
  tags,
  access: makers,
  query: importQuerySchema,
  multipartBody: importFormSchema,
  response: { 200: importResultSchema },
  errors: [...STANDARD_ERRORS, 413, 415],
});
