import {
  formatDateTime,
  formatEuro,
  MESSAGES,
  PRODUCT_NAME,
  type Reservation,
  reservationTotals,
} from '@ateliermarkt/contract';
import { escapeHtml } from '../html.ts';

/**
 * The built-in demo payment page at /betalen/{token} (people, not the API: every answer is a Dutch HTML page).
 * Every value from a customer or a workshop is escaped.
 */
export type HtmlPage = { status: number; html: string };

export function layout(status: number, title: string, body: string): HtmlPage {
  const html = `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>
<style>body{font-family:system-ui,sans-serif;background:#faf6f1;color:#2b2420;margin:0;padding:2rem 1rem}
main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #e8ded3;border-radius:12px;padding:2rem}
h1{font-family:Georgia,serif;color:#70361e;margin-top:0}table{width:100%;border-collapse:collapse;margin:1rem 0}
td{padding:.35rem 0;border-bottom:1px solid #f3ece4}td.r{text-align:right}tr.t td{font-weight:700;border:0}
button{background:#8a4326;color:#fff;border:0;border-radius:8px;padding:.8rem 1.4rem;font-size:1rem;font-weight:600;cursor:pointer}
button:focus-visible{outline:3px solid #2b2420;outline-offset:2px}.muted{color:#524a43;font-size:.9rem}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return { status, html };
}

function summary(r: Reservation) {
  const rows = r.products
    .filter((p) => p.isAvailable)
    .map(
      (p) =>
        `<tr><td>${p.quantity} x ${escapeHtml(p.name)}</td><td class="r">${formatEuro(p.price * p.quantity)}</td></tr>`,
    );
  const totals = reservationTotals(r);
  rows.push(
    `<tr><td>${r.deliveryMethod.quantity} x ${escapeHtml(r.deliveryMethod.name)}</td><td class="r">${formatEuro(totals.delivery)}</td></tr>`,
  );
  rows.push(`<tr class="t"><td>Totaal</td><td class="r">${formatEuro(totals.total)}</td></tr>`);
  return `<table>${rows.join('')}</table>`;
}

/** A link that names no payment awaiting one: malformed, unknown, replaced or used. */
export function invalidPaymentLinkPage(): HtmlPage {
  return layout(404, 'Betaallink ongeldig', `<p>${escapeHtml(MESSAGES.paymentInvalid)}</p>`);
}

/**
 * A link replaced by a newer one (an edit's new quote or a reminder) while the reservation still awaits
 * payment: it says so and where the new one is, the latest mail. It never shows or links the new link (whoever holds
 * an old mail is not thereby entitled to the new one; docs/decisions/0037).
 */
export function replacedPaymentLinkPage(orderNumber: string, replacedAt: Date): HtmlPage {
  return layout(
    410,
    MESSAGES.paymentLinkReplacedTitle,
    `<p>${escapeHtml(MESSAGES.paymentLinkReplaced)}</p>
<p class="muted">Reservering ${escapeHtml(orderNumber)}; deze link is vervangen op ${escapeHtml(formatDateTime(replacedAt))}.</p>`,
  );
}

/** What the customer pays for, and the button that pays (a form post to the same link). */
export function paymentPage(r: Reservation, token: string): HtmlPage {
  return layout(
    200,
    `Betalen: ${r.orderNumber}`,
    `<p>Je reservering bij <strong>${escapeHtml(r.workspaceName)}</strong>.</p>${summary(r)}
<form method="post" action="/betalen/${escapeHtml(token)}"><button type="submit">Betaal ${formatEuro(reservationTotals(r).total)}</button></form>
<p class="muted">Dit is de ingebouwde demo-betaalpagina: de knop markeert de reservering als betaald.</p>`,
  );
}

export function paymentDonePage(orderNumber: string): HtmlPage {
  return layout(
    200,
    'Dank je wel!',
    `<p>Je betaling voor reservering <strong>${escapeHtml(orderNumber)}</strong> is ontvangen. Je krijgt een bevestiging per e-mail.</p>`,
  );
}

/** The payment was refused (the reservation changed meanwhile): the reason is one of the contract's messages. */
export function paymentFailedPage(reason: string): HtmlPage {
  return layout(409, 'Betaling niet gelukt', `<p>${escapeHtml(reason)}</p>`);
}

/**
 * Where Mollie sends the customer back to (`redirectUrl`). It says nothing about the payment itself: the
 * address is public and carries only the order number the customer already knows; the webhook decides.
 */
export function thankYouPage(orderNumber: string): HtmlPage {
  const order = orderNumber ? `<p class="muted">Reservering ${escapeHtml(orderNumber)}</p>` : '';
  return layout(200, MESSAGES.thankYouTitle, `<p>${escapeHtml(MESSAGES.thankYouBody)}</p>${order}`);
}
