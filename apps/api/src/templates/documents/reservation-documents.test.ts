import { describe, expect, it } from 'vitest';
import { sampleReservation } from '../template-fixtures.ts';
import { pickupSlipText, shippingLabelText } from './reservation-documents.ts';

const workshop = ['De Draaischijf', 'Pottenbakkersweg 3', '3511 AB Utrecht'];

describe('the shipping label', () => {
  it('names the file as the back-office names it and has sender, recipient and packages', () => {
    expect(shippingLabelText(sampleReservation(), workshop)).toEqual({
      fileName: 'verzendlabel-AM-2026-0042.pdf',
      title: 'Verzendlabel AM-2026-0042',
      heading: 'Verzendlabel',
      blocks: [
        { label: 'Afzender', lines: workshop },
        { label: 'Ontvanger', lines: ['Anna de Vries', 'Kerkstraat 12a', '1017 GA Amsterdam'] },
        { label: 'Verzending', lines: ['1 x Pakket'] },
      ],
      barcodeCaption: 'Bestelnummer AM-2026-0042',
      moreLines: expect.any(Function),
    });
    const { moreLines } = shippingLabelText(sampleReservation(), workshop);
    expect([moreLines(1), moreLines(3)]).toEqual(['… en nog 1 regel', '… en nog 3 regels']);
  });
});

describe('the pick-up slip', () => {
  it('has the workshop, the customer and the products still in the reservation', () => {
    expect(pickupSlipText(sampleReservation(), workshop)).toEqual({
      fileName: 'ophaalbon-AM-2026-0042.pdf',
      title: 'Ophaalbon AM-2026-0042',
      heading: 'Ophaalbon',
      blocks: [
        { label: 'Ophalen bij', lines: workshop },
        { label: 'Klant', lines: ['Anna de Vries', 'anna@example.nl'] },
        { label: 'Producten', lines: ['2 x Vaas Zeegroen (€45,00)'] },
      ],
      barcodeCaption: 'Bestelnummer AM-2026-0042',
      qrCaption: 'Scan bij het meegeven',
      moreLines: expect.any(Function),
    });
    const { moreLines } = pickupSlipText(sampleReservation(), workshop);
    expect([moreLines(1), moreLines(12)]).toEqual(['… en nog 1 product', '… en nog 12 producten']);
  });
});
