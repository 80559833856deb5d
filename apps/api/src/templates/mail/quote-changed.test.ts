import { reservationQuote } from '@ateliermarkt/contract';
import { describe, expect, it } from 'vitest';
import { sampleReservation } from '../template-fixtures.ts';
import { quoteChangedMail } from './quote-changed.ts';

const line = { taxPercent: 21, feePercent: 25, isAvailable: true };
const vases = { ...line, productId: 'p1', name: 'Vaas Zeegroen', quantity: 2, priceCents: 4500 };
const bowl = { ...line, productId: 'p2', name: 'Schaal Oker', quantity: 1, priceCents: 1250 };
const before = reservationQuote([vases, bowl], { name: 'Pakket', priceCents: 695, quantity: 1 });
const after = reservationQuote([vases, { ...bowl, isAvailable: false }], {
  name: 'Groot pakket',
  priceCents: 1995,
  quantity: 2,
});

describe('quoteChangedMail', () => {
  it('gives the old and the new lines and totals and the new link, in Dutch', () => {
    const mail = quoteChangedMail(sampleReservation(), before, after, 'https://app.example/betalen/nieuw');
    expect(mail.subject).toBe('Je reservering is aangepast (AM-2026-0042)');
    expect(mail.text).toBe(`Beste Anna de Vries,

De Draaischijf heeft je reservering AM-2026-0042 aangepast. Het totaalbedrag is nu €129,90 (was €109,45).

Eerst:
- 2 x Vaas Zeegroen à €45,00 = €90,00
- 1 x Schaal Oker à €12,50 = €12,50
- 1 x Pakket à €6,95 = €6,95
Totaal: €109,45

Nu:
- 2 x Vaas Zeegroen à €45,00 = €90,00
- 2 x Groot pakket à €19,95 = €39,90
Totaal: €129,90

Betaal het nieuwe bedrag via deze link:

https://app.example/betalen/nieuw

De betaallink uit een eerdere e-mail werkt niet meer.

Groeten,
De Draaischijf via Ateliermarkt`);
  });
});
