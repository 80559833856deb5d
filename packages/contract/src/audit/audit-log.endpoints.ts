import { endpoint, STANDARD_ERRORS as errors, fileAnswer } from '../endpoints/endpoint.ts';
import { XLSX_MIME } from '../products/product-sheet.ts';
import { auditExportQuerySchema, auditListQuerySchema, auditPageSchema } from './audit-log.schema.ts';

/** The Logboek: the super admin reads every entry, a workshop admin those of the own workshop. */
const tags = ['audit-log'];
const access = ['superAdmin', 'workshopAdmin'] as const;

export const listAuditLog = endpoint({
  method: 'GET',
  path: '/audit-log',
  operationId: 'listAuditLog',
  summary: 'Het logboek: wie deed wat, wanneer en vanaf welk adres (nieuwste eerst, per pagina)',
  tags,
  access,
  query: auditListQuerySchema,
  response: { 200: auditPageSchema },
  errors,
});

export const exportAuditLog = endpoint({
  method: 'GET',
  path: '/audit-log/export',
  operationId: 'exportAuditLog',
  summary: 'Het logboek met dezelfde filters als Excel-bestand (logboek.xlsx)',
  tags,
  access,
  query: auditExportQuerySchema,
  response: { 200: fileAnswer(XLSX_MIME, 'Het Excel-bestand (.xlsx), als bijlage') },
  errors,
});
