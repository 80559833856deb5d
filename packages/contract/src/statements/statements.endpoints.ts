import { XLS_MIME } from '../admins/admins.schema.ts';
import { endpoint, fileAnswer } from '../endpoints/endpoint.ts';
import {
  monthStatementsSchema,
  statementFileQuerySchema,
  statementsQuerySchema,
  statementsWorkbookQuerySchema,
} from './statements.schema.ts';

/** Monthly statements per workshop (docs/decisions/0039). */
const tags = ['statements'];

export const getStatements = endpoint({
  method: 'GET',
  path: '/statements',
  operationId: 'getStatements',
  summary:
    'De afrekeningen van een maand: per atelier de betaalde reserveringen en retouren, met btw, commissie en netto',
  description:
    'Bedragen in hele centen. De super admin ziet alle ateliers met iets in die maand (of één, met tenantId); een atelierbeheerder alleen het eigen atelier. Een ander atelier: 404.',
  tags,
  access: ['superAdmin', 'workshopAdmin'],
  query: statementsQuerySchema,
  response: { 200: monthStatementsSchema },
  errors: [400, 401, 403, 404],
});

export const downloadStatement = endpoint({
  method: 'GET',
  path: '/files/statement',
  operationId: 'downloadStatement',
  summary: 'De afrekening van één atelier over één maand (PDF)',
  tags: ['files'],
  access: ['superAdmin', 'workshopAdmin'],
  query: statementFileQuerySchema,
  response: { 200: fileAnswer('application/pdf', 'De PDF, als bijlage') },
  errors: [400, 401, 403, 404],
});

export const downloadStatementsWorkbook = endpoint({
  method: 'GET',
  path: '/files/statements.xls',
  operationId: 'downloadStatementsWorkbook',
  summary: 'De afrekeningen van alle ateliers over één maand als Excel-bestand',
  tags: ['files'],
  access: ['superAdmin'],
  query: statementsWorkbookQuerySchema,
  response: { 200: fileAnswer(XLS_MIME, 'Het Excel-bestand (.xls), als bijlage') },
  errors: [400, 401, 403],
});
