import { endpoint, fileAnswer } from '../endpoints/endpoint.ts';
import {
  invoiceFileQuerySchema,
  invoiceListSchema,
  invoicesQuerySchema,
  issueInvoicesResultSchema,
} from './invoices.schema.ts';

/** The platform's fee invoices and credit notes (docs/invoices.md). */
const tags = ['invoices'];

export const getInvoices = endpoint({
  method: 'GET',
  path: '/invoices',
  operationId: 'getInvoices',
  summary: 'De facturen en creditnota’s van een maand voor de platformvergoeding',
  description:
    'De super admin ziet die van alle ateliers, een atelierbeheerder alleen die van het eigen atelier. Bedragen in hele centen.',
  tags,
  access: ['superAdmin', 'workshopAdmin'],
  query: invoicesQuerySchema,
  response: { 200: invoiceListSchema },
  errors: [400, 401, 403],
});

export const issueInvoices = endpoint({
  method: 'POST',
  path: '/invoices',
  operationId: 'issueInvoices',
  summary: 'Reikt de facturen en creditnota’s van een voorbije maand uit die nog niet zijn uitgereikt',
  description:
    'Eén factuur per atelier met commissie in die maand, een creditnota per eerder gefactureerde reservering die in die maand is gecrediteerd; nummers uit één doorlopende reeks per jaar. Veilig om te herhalen: wat al is uitgereikt blijft zoals het is. 409 zolang de maand niet voorbij is of de gegevens van het platform niet zijn ingesteld.',
  tags,
  access: ['superAdmin'],
  query: invoicesQuerySchema,
  response: { 200: issueInvoicesResultSchema },
  errors: [400, 401, 403, 409],
});

export const downloadInvoice = endpoint({
  method: 'GET',
  path: '/files/invoice',
  operationId: 'downloadInvoice',
  summary: 'Een factuur of creditnota als PDF of als e-factuur (UBL 2.1, SI-UBL 2.0), zoals bij uitreiking gemaakt',
  description:
    '`format=pdf`: de PDF; `format=ubl`: de e-factuur (UBL 2.1 volgens SI-UBL 2.0/NLCIUS) die boekhoudpakketten inlezen. Beide bij uitreiking gemaakt en bewaard. Een atelierbeheerder krijgt alleen die van het eigen atelier (anders 404).',
  tags: ['files'],
  access: ['superAdmin', 'workshopAdmin'],
  query: invoiceFileQuerySchema,
  response: { 200: fileAnswer(['application/pdf', 'application/xml'], 'De PDF of de e-factuur, als bijlage') },
  errors: [400, 401, 403, 404],
});

export const downloadInvoicesZip = endpoint({
  method: 'GET',
  path: '/files/invoices',
  operationId: 'downloadInvoicesZip',
  summary: 'Alle facturen en creditnota’s van een maand in één zip voor de boekhouder (PDF en e-factuur van elk)',
  description:
    'De super admin krijgt die van alle ateliers, een atelierbeheerder alleen die van het eigen atelier. Een maand zonder facturen geeft een lege zip.',
  tags: ['files'],
  access: ['superAdmin', 'workshopAdmin'],
  query: invoicesQuerySchema,
  response: { 200: fileAnswer('application/zip', 'De zip, als bijlage') },
  errors: [400, 401, 403],
});
