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
  summary: 'Een factuur of creditnota als PDF, precies zoals bij uitreiking gemaakt',
  tags: ['files'],
  access: ['superAdmin', 'workshopAdmin'],
  query: invoiceFileQuerySchema,
  response: { 200: fileAnswer('application/pdf', 'De PDF, als bijlage') },
  errors: [400, 401, 403, 404],
});
