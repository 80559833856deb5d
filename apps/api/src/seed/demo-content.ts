import { FAQ_IDS } from '@ateliermarkt/contract';
import type { DbOrTx } from '../db/client.ts';
import { faqQuestions, pages, subcategories } from '../db/schema/index.ts';

/** Demo subcategories, shop pages (main menu and footer) and questions in both FAQs. */
const SUBCATEGORIES = [
  { title: 'Vazen', slug: 'vazen', order: 1, body: '<p>Gedraaide en geblazen vazen, van klein tot vloervaas.</p>' },
  {
    title: 'Schalen en kommen',
    slug: 'schalen-en-kommen',
    order: 2,
    body: '<p>Voor de fruitschaal en de ontbijttafel.</p>',
  },
  { title: 'Plaids en kussens', slug: 'plaids-en-kussens', order: 3, body: '<p>Handgeweven van Nederlandse wol.</p>' },
  {
    title: 'Glazen en karaffen',
    slug: 'glazen-en-karaffen',
    order: 4,
    body: '<p>Mondgeblazen, elk glas net even anders.</p>',
  },
  { title: 'Wandkleden', slug: 'wandkleden', order: 5, body: '<p>Textielkunst voor aan de muur.</p>' },
];

const PAGES = [
  {
    title: 'Over Ateliermarkt',
    slug: 'over-ateliermarkt',
    position: 1,
    isFooterPage: false,
    body: '<h2>Handgemaakt, rechtstreeks van de maker</h2><p>Ateliermarkt is de webwinkel van zelfstandige ateliers uit heel Nederland. Je koopt <strong>rechtstreeks</strong> bij de maker.</p><ul><li><p>Elk product is met de hand gemaakt</p></li><li><p>Ophalen in het atelier kan altijd</p></li></ul>',
  },
  {
    title: 'Hoe werkt reserveren?',
    slug: 'hoe-werkt-reserveren',
    position: 2,
    isFooterPage: false,
    body: '<h2>In drie stappen</h2><ol><li><p>Je reserveert een product.</p></li><li><p>Het atelier keurt je reservering goed en stuurt een betaallink.</p></li><li><p>Je betaalt, en het atelier verstuurt het product of je haalt het op.</p></li></ol>',
  },
  {
    title: 'Ateliers',
    slug: 'ateliers',
    position: 3,
    isFooterPage: false,
    body: '<p>Maak kennis met de ateliers achter Ateliermarkt.</p>',
  },
  {
    title: 'Contact',
    slug: 'contact',
    position: 1,
    isFooterPage: true,
    body: '<p>Vragen? Mail ons op <a rel="noopener noreferrer" href="mailto:info@ateliermarkt.nl">info@ateliermarkt.nl</a>.</p>',
  },
  {
    title: 'Verzenden en retourneren',
    slug: 'verzenden-en-retourneren',
    position: 2,
    isFooterPage: true,
    body: '<p>Je kunt een product binnen <strong>14 dagen</strong> na ontvangst retourneren.</p>',
  },
  {
    title: 'Privacyverklaring',
    slug: 'privacyverklaring',
    position: 3,
    isFooterPage: true,
    body: '<p>We gebruiken je gegevens alleen om je reservering af te handelen.</p>',
  },
  {
    title: 'Algemene voorwaarden',
    slug: 'algemene-voorwaarden',
    position: 4,
    isFooterPage: true,
    body: '<p>Op elke reservering zijn deze voorwaarden van toepassing.</p>',
  },
];

const BACK_OFFICE_FAQ = [
  {
    question: 'Hoe zet ik een product online?',
    answer:
      '<p>Open <strong>Alle producten</strong>, kies bij het product <em>Publiceren</em>. Een product in concept is niet te zien in de webshop.</p>',
  },
  {
    question: 'Wanneer moet ik een reservering goedkeuren?',
    answer:
      '<p>Zo snel mogelijk: de klant krijgt pas een betaallink als jij de reservering hebt <strong>goedgekeurd</strong>. Controleer eerst de verzendkosten.</p>',
  },
  {
    question: 'Wat betekent een gepauzeerde reservering?',
    answer:
      '<p>Een product uit deze reservering wacht bij een <u>andere</u> reservering op betaling. Zodra die is afgewezen, kun je deze weer goedkeuren.</p>',
  },
  {
    question: 'Hoe verander ik mijn wachtwoord?',
    answer: '<p>Open het gebruikersmenu rechtsboven en kies <em>Wachtwoord wijzigen</em>.</p>',
  },
];

const SHOP_FAQ = [
  {
    question: 'Hoe reserveer ik een product?',
    answer:
      '<p>Kies een product en klik op <strong>Reserveren</strong>. Het atelier keurt je reservering goed en stuurt je een betaallink.</p>',
  },
  {
    question: 'Wat kost verzenden?',
    answer:
      '<p>Dat hangt af van de verzendmethode: van <strong>€4,50</strong> voor een brievenbuspakje. Ophalen is gratis.</p>',
  },
  {
    question: 'Kan ik een product retourneren?',
    answer:
      '<p>Ja, binnen 14 dagen na ontvangst. Lees meer bij <a target="_blank" rel="noopener noreferrer" href="https://www.ateliermarkt.nl/verzenden-en-retourneren">Verzenden en retourneren</a>.</p>',
  },
];

export async function seedDemoContent(db: DbOrTx) {
  await db.insert(subcategories).values(SUBCATEGORIES).onConflictDoNothing({ target: subcategories.slug });
  await db.insert(pages).values(PAGES).onConflictDoNothing({ target: pages.slug });
  for (const [faqId, list] of [
    [FAQ_IDS.backOffice, BACK_OFFICE_FAQ],
    [FAQ_IDS.shop, SHOP_FAQ],
  ] as const) {
    await db.insert(faqQuestions).values(list.map((q, position) => ({ ...q, faqId, position })));
  }
}
