import { type CustomerReservation, formatDateTime, formatDay, formatEuro, SHOP_MESSAGES } from '@ateliermarkt/contract';
import { escapeHtml } from '../html.ts';

/** Where the pay button posts: it answers with a redirect to the live payment link. */
const customerPayPath = (token: string) => `/reservering/${escapeHtml(token)}/betalen`;

import { type HtmlPage, layout } from './payment-page.ts';

/**
 * The customer's own reservation at /reservering/{token} (docs/storefront.md): a server-rendered Dutch
 * page like the demo payment page, with the withdrawal form (a plain form post to the same link). Every value from a
 * customer or a workshop is escaped.
 */

function lines(v: CustomerReservation) {
  const rows = v.lines.map(
    (l) => `<tr><td>${l.quantity} x ${escapeHtml(l.name)}</td><td class="r">${formatEuro(l.total)}</td></tr>`,
  );
  rows.push(
    `<tr><td>${v.delivery.quantity} x ${escapeHtml(v.delivery.name)}</td><td class="r">${formatEuro(v.totals.delivery)}</td></tr>`,
  );
  rows.push(`<tr class="t"><td>Totaal</td><td class="r">${formatEuro(v.totals.total)}</td></tr>`);
  return `<table><caption class="muted">Wat je hebt gereserveerd</caption>${rows.join('')}</table>`;
}

function whatNow(v: CustomerReservation, token: string): string {
  const parts: string[] = [];
  if (v.mayPay)
    parts.push(`<h2>Betalen</h2><p>Het atelier heeft je reservering goedgekeurd. Betaal ${formatEuro(v.totals.total)} om hem definitief te maken.</p>
<form method="post" action="${customerPayPath(token)}"><button type="submit">Betalen</button></form>
<p class="muted">Een betaallink uit een eerdere e-mail vervalt zodra je hier op Betalen drukt.</p>`);
  if (v.trackAndTrace) parts.push(`<p>Track &amp; trace: <strong>${escapeHtml(v.trackAndTrace)}</strong></p>`);
  if (v.withdrawnAt) {
    const refund =
      v.refund === 'pending'
        ? ' Je betaling wordt teruggestort.'
        : v.refund === 'refunded'
          ? ' Je betaling is teruggestort.'
          : '';
    parts.push(`<p>Je hebt deze reservering herroepen op ${escapeHtml(formatDateTime(v.withdrawnAt))}.${refund}</p>`);
  }
  if (v.mayWithdraw) {
    const what =
      v.withdrawal === 'return'
        ? `Je kunt deze bestelling tot en met ${escapeHtml(formatDay(v.withdrawUntil ?? ''))} herroepen. Je stuurt de producten dan terug; zodra het atelier ze heeft ontvangen, krijg je je betaling terug.`
        : 'Je kunt deze reservering herroepen zolang hij niet is verzonden of opgehaald. Hij wordt dan geannuleerd en een betaling wordt teruggestort.';
    parts.push(`<h2>Herroepen</h2><p>${what}</p>
<form method="post" action="/reservering/${escapeHtml(token)}">
<label for="reason">Reden (niet verplicht)</label>
<textarea id="reason" name="reason" maxlength="500" rows="3"></textarea>
<button type="submit">Herroeping bevestigen</button></form>
<p class="muted">Je ontvangt een bevestiging met de tekst van je herroeping per e-mail.</p>`);
  } else if (v.withdrawRefusal && !v.withdrawnAt) {
    parts.push(`<h2>Herroepen</h2><p>${escapeHtml(v.withdrawRefusal)}</p>`);
  }
  return parts.join('\n');
}

export function customerReservationPage(v: CustomerReservation, token: string, notice?: string): HtmlPage {
  return layout(
    200,
    `Reservering ${v.orderNumber}`,
    `<style>label{display:block;margin:.5rem 0 .25rem}textarea{display:block;width:100%;box-sizing:border-box;font:inherit;margin-bottom:1rem}caption{text-align:left}h2{font-family:Georgia,serif;color:#70361e;font-size:1.2rem}</style>
${notice ? `<p role="status"><strong>${escapeHtml(notice)}</strong></p>` : ''}
<p>Bij <strong>${escapeHtml(v.workspaceName)}</strong>, geplaatst op ${escapeHtml(v.creationTime)}.</p>
<p>Status: <strong>${escapeHtml(v.status.name)}</strong></p>${lines(v)}
${whatNow(v, token)}`,
  );
}

export function invalidCustomerLinkPage(): HtmlPage {
  return layout(
    404,
    'Link ongeldig',
    '<p>Deze link naar een reservering is ongeldig. Gebruik de link uit de e-mail over je reservering.</p>',
  );
}

export function withdrawRefusedPage(reason: string): HtmlPage {
  return layout(409, 'Herroepen niet gelukt', `<p>${escapeHtml(reason)}</p>`);
}

export function nothingToPayPage(): HtmlPage {
  return layout(409, 'Betalen niet mogelijk', `<p>${escapeHtml(SHOP_MESSAGES.nothingToPay)}</p>`);
}
