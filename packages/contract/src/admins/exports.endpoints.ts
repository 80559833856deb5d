import { endpoint, fileAnswer } from '../endpoints/endpoint.ts';
import { XLS_MIME } from './admins.schema.ts';

/** The super admin's spreadsheet downloads. */
const tags = ['export'];
const superAdmin = ['superAdmin'] as const;
const errors = [401, 403] as const;

export const exportAdmins = endpoint({
  method: 'GET',
  path: '/export/admins',
  operationId: 'exportAdmins',
  summary: 'De beheerders van alle ateliers als Excel-bestand (beheerders.xls)',
  tags,
  access: superAdmin,
  response: { 200: fileAnswer(XLS_MIME, 'Het Excel-bestand (.xls), als bijlage') },
  errors,
});

export const exportNewsletterSubscriptions = endpoint({
  method: 'GET',
  path: '/export/newsletter-subscriptions',
  operationId: 'exportNewsletterSubscriptions',
  summary: 'De aanmeldingen voor de nieuwsbrief als Excel-bestand (nieuwsbrief-aanmeldingen.xls)',
  tags,
  access: superAdmin,
  response: { 200: fileAnswer(XLS_MIME, 'Het Excel-bestand (.xls), als bijlage') },
  errors,
});
