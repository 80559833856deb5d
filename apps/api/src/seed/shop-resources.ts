/** The texts the web shop looks up by name, with their Dutch default texts (reference data). */
export const SHOP_RESOURCES = [
  {
    name: 'home.intro',
    description: 'Introductie bovenaan de homepage van de webshop',
    value:
      '<p>Welkom bij <strong>Ateliermarkt</strong>: handgemaakte producten, rechtstreeks uit Nederlandse ateliers.</p>',
  },
  {
    name: 'home.featuredWorkspaceTitle',
    description: 'Kop boven het uitgelichte atelier op de homepage',
    value: '<p>Atelier in de schijnwerpers</p>',
  },
  {
    name: 'home.featuredProductsTitle',
    description: 'Kop boven de uitgelichte producten op de homepage',
    value: '<p>Uitgelicht</p>',
  },
  {
    name: 'workspaces.intro',
    description: 'Tekst boven het overzicht van de ateliers',
    value: '<p>Maak kennis met de makers achter de producten.</p>',
  },
  {
    name: 'product.deliveryInfo',
    description: 'Uitleg over verzenden en ophalen op elke productpagina',
    value:
      '<p>Je reserveert eerst; het atelier keurt de reservering goed en stuurt je een betaallink. Ophalen in het atelier is altijd gratis.</p>',
  },
  {
    name: 'reservation.intro',
    description: 'Tekst boven het reserveringsformulier',
    value: '<p>Vul je gegevens in. Je betaalt pas als het atelier je reservering heeft goedgekeurd.</p>',
  },
  {
    name: 'reservation.thanks',
    description: 'Bedankt-tekst na het plaatsen van een reservering',
    value:
      '<p><strong>Bedankt voor je reservering!</strong> Je ontvangt een e-mail zodra het atelier heeft gereageerd.</p>',
  },
  {
    name: 'newsletter.intro',
    description: 'Tekst bij het aanmeldformulier voor de nieuwsbrief',
    value: '<p>Eens per maand nieuwe ateliers en producten in je mailbox.</p>',
  },
  {
    name: 'newsletter.thanks',
    description: 'Tekst na het aanmelden voor de nieuwsbrief',
    value: '<p>Bedankt! Je bent aangemeld voor de nieuwsbrief.</p>',
  },
  {
    name: 'footer.about',
    description: 'Korte tekst over Ateliermarkt in de footer',
    value: '<p>Ateliermarkt brengt kopers en makers van handgemaakte producten samen.</p>',
  },
] as const;
