import { endpoint, fileAnswer } from '../endpoints/endpoint.ts';
import { payoutFileQuerySchema, payoutPreviewSchema, payoutsQuerySchema, SEPA_XML_MIME } from './payouts.schema.ts';

/** The super admin pays the workshops: a preview and the SEPA bank file of one month. */
const superAdmin = ['superAdmin'] as const;

export const getPayouts = endpoint({
  method: 'GET',
  path: '/payouts',
  operationId: 'getPayouts',
  summary:
    'De uitbetalingen van een maand: wie hoeveel krijgt en welke ateliers niet in het bankbestand staan, en waarom',
  tags: ['payouts'],
  access: superAdmin,
  query: payoutsQuerySchema,
  response: { 200: payoutPreviewSchema },
  errors: [400, 401, 403],
});

export const downloadPayoutFile = endpoint({
  method: 'GET',
  path: '/files/payouts',
  operationId: 'downloadPayoutFile',
  summary: 'Het SEPA-bankbestand (pain.001.001.03) met de uitbetalingen van een maand, één betaling per atelier',
  description:
    'Eén overboeking per atelier met een positief netto bedrag en een IBAN, met het crediteurnummer als end-to-end-referentie. Ateliers zonder IBAN of zonder iets uit te betalen staan er niet in (zie GET /api/payouts). 409 zolang de maand niet voorbij is (Nederlandse tijd), als het IBAN of de naam van het platform nog niet is ingesteld, of als er niets uit te betalen is. Elke download wordt vastgelegd; is de maand al eens gedownload, dan is het 409 tenzij again=true (twee bestanden uploaden betaalt elk atelier twee keer).',
  tags: ['files'],
  access: superAdmin,
  query: payoutFileQuerySchema,
  response: { 200: fileAnswer(SEPA_XML_MIME, 'Het XML-bestand, als bijlage') },
  errors: [400, 401, 403, 409],
});
