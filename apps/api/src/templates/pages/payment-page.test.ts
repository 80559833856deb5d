import { describe, expect, it } from 'vitest';
import { sampleReservation } from '../template-fixtures.ts';
import {
  invalidPaymentLinkPage,
  paymentDonePage,
  paymentFailedPage,
  paymentPage,
  replacedPaymentLinkPage,
  thankYouPage,
} from './payment-page.ts';

const token = 'AbCdEfGhIjKlMnOpQrSt_-12';

describe('the payment page', () => {
  it('shows the workshop, the lines still in the reservation, the total and the pay button, in Dutch', () => {
    const page = paymentPage(sampleReservation(), token);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="nl">');
    expect(page.html).toContain('<title>Betalen: AM-2026-0042 · Ateliermarkt</title>');
    expect(page.html).toContain('<h1>Betalen: AM-2026-0042</h1>');
    expect(page.html).toContain('<p>Je reservering bij <strong>De Draaischijf</strong>.</p>');
    expect(page.html).toContain('<tr><td>2 x Vaas Zeegroen</td><td class="r">€90,00</td></tr>');
    expect(page.html).toContain('<tr><td>1 x Pakket</td><td class="r">€6,95</td></tr>');
    expect(page.html).toContain('<tr class="t"><td>Totaal</td><td class="r">€96,95</td></tr>');
    expect(page.html).not.toContain('Schaal Oker');
    expect(page.html).toContain(
      `<form method="post" action="/betalen/${token}"><button type="submit">Betaal €96,95</button></form>`,
    );
    expect(page.html).toContain('Dit is de ingebouwde demo-betaalpagina: de knop markeert de reservering als betaald.');
  });

  it('escapes what customers and workshops typed', () => {
    const evil = '<img src=x onerror="alert(1)">';
    const r = sampleReservation({ orderNumber: `AM-1${evil}`, workspaceName: `Atelier ${evil}` });
    r.products[0] = { ...(r.products[0] as (typeof r.products)[0]), name: `Vaas ${evil}` };
    r.deliveryMethod = { ...r.deliveryMethod, name: `Pakket ${evil}` };
    const page = paymentPage(r, token);
    expect(page.html).not.toContain('<img');
    expect(page.html).toContain('Atelier &lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(page.html).toContain('2 x Vaas &lt;img');
    expect(page.html).toContain('1 x Pakket &lt;img');
    expect(paymentDonePage(evil).html).not.toContain('<img');
    expect(paymentFailedPage(evil).html).not.toContain('<img');
  });

  it('answers a link that names no payment with 404 and the contract message', () => {
    const page = invalidPaymentLinkPage();
    expect(page.status).toBe(404);
    expect(page.html).toContain('<h1>Betaallink ongeldig</h1><p>Deze betaallink is ongeldig of al gebruikt.</p>');
  });

  it('answers a replaced link with 410: it says so and points to the latest mail, never to the new link', () => {
    const page = replacedPaymentLinkPage('AM-2026-0042', new Date('2026-11-24T07:05:00Z'));
    expect(page.status).toBe(410);
    expect(page.html).toContain(
      '<h1>Betaallink vervangen</h1><p>Deze betaallink is vervangen; gebruik de link in de laatste e-mail.</p>',
    );
    expect(page.html).toContain(
      '<p class="muted">Reservering AM-2026-0042; deze link is vervangen op 24-11-2026 08:05 uur.</p>',
    );
    expect(page.html).not.toContain('<form');
    expect(page.html).not.toContain('/betalen/');
    expect(replacedPaymentLinkPage('<img src=x>', new Date()).html).not.toContain('<img');
  });

  it('thanks for the payment, or says why it failed with 409', () => {
    expect(paymentDonePage('AM-2026-0042')).toEqual({
      status: 200,
      html: expect.stringContaining(
        '<h1>Dank je wel!</h1><p>Je betaling voor reservering <strong>AM-2026-0042</strong> is ontvangen. Je krijgt een bevestiging per e-mail.</p>',
      ),
    });
    const failed = paymentFailedPage('Dit product is niet meer beschikbaar.');
    expect(failed.status).toBe(409);
    expect(failed.html).toContain('<h1>Betaling niet gelukt</h1><p>Dit product is niet meer beschikbaar.</p>');
  });

  it("thanks after Mollie's checkout without saying anything about the payment", () => {
    const page = thankYouPage('<b>AM-2026-0042</b>');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<h1>Bedankt voor je betaling</h1><p>Zodra Mollie ons de betaling bevestigt');
    expect(page.html).toContain('Reservering &lt;b&gt;AM-2026-0042&lt;/b&gt;');
  });
});
