/** The invoices module's public file (docs/decisions/0025). */
export { registerInvoiceJobs } from './invoice-job.ts';
