import type { Province, WorkspaceLabel } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db } from '../db/client.ts';
import { tenants, users, workspaces } from '../db/schema/index.ts';
import { createAccount, findUserInTenant, normalize } from '../modules/auth/index.ts';
import { writeSettings } from '../modules/settings/index.ts';
import { seedDemoContent } from './demo-content.ts';
import { seedDemoProducts } from './demo-products.ts';
import { seedDemoReservations } from './demo-reservations.ts';
import { seedDemoWorkshops } from './demo-workshops.ts';

/** The password of every demo account (printed at start and in the README). */
export const DEMO_PASSWORD = 'Atelier2026!';
export const DEMO_SUPER_ADMIN = 'admin@ateliermarkt.nl';

type DemoWorkshop = {
  name: string;
  slug: string;
  published: boolean;
  featured: boolean;
  city: string;
  province: Province;
  street: string;
  streetNumber: string;
  zipCode: string;
  description: string;
  openingTimes: string;
  label: WorkspaceLabel;
  admin: { email: string; name: string; surname: string };
  user: { email: string; name: string; surname: string };
  /** The legal profile on its invoices; example numbers that pass the checks. */
  legal?: { legalName: string; kvkNumber: string; vatId: string };
};

/** The platform's own invoice data ('Instellingen'), so 'Facturen uitgeven' works in the demo. */
export const DEMO_PLATFORM_LEGAL = {
  platformLegalName: 'Ateliermarkt B.V.',
  platformAddress: 'Oudegracht 1\n3511 AA Utrecht',
  platformKvkNumber: '87654321',
  platformVatId: 'NL004495445B01',
};

export const DEMO_WORKSHOPS: DemoWorkshop[] = [
  {
    name: 'De Draaischijf',
    slug: 'de-draaischijf',
    published: true,
    featured: true,
    city: 'Utrecht',
    province: 'Utrecht',
    street: 'Oudegracht',
    streetNumber: '112',
    zipCode: '3511 AX',
    description:
      '<p>Keramiekatelier aan de Oudegracht. Wij draaien servies, vazen en schalen van steengoed en porselein.</p>',
    openingTimes: 'Woensdag t/m zaterdag 10:00 – 17:00',
    label: 1,
    admin: { email: 'beheer@dedraaischijf.nl', name: 'Marieke', surname: 'Jansen' },
    user: { email: 'medewerker@dedraaischijf.nl', name: 'Tom', surname: 'Bakker' },
    legal: { legalName: 'De Draaischijf V.O.F.', kvkNumber: '12345678', vatId: 'NL000099998B57' },
  },
  {
    name: 'Glasatelier Helder',
    slug: 'glasatelier-helder',
    published: true,
    featured: false,
    city: 'Haarlem',
    province: 'Noord-Holland',
    street: 'Spaarne',
    streetNumber: '27',
    zipCode: '2011 CD',
    description: '<p>Geblazen en gebrandschilderd glas: karaffen, glazen en lampen, elk stuk uniek.</p>',
    openingTimes: 'Donderdag t/m zondag 11:00 – 18:00',
    label: 3,
    admin: { email: 'beheer@glasatelierhelder.nl', name: 'Eva', surname: 'Smit' },
    user: { email: 'medewerker@glasatelierhelder.nl', name: 'Daan', surname: 'Visser' },
    legal: { legalName: 'Glasatelier Helder', kvkNumber: '23456789', vatId: 'NL123456782B01' },
  },
  {
    name: 'Wolwerk Textielstudio',
    slug: 'wolwerk-textielstudio',
    published: false,
    featured: false,
    city: 'Groningen',
    province: 'Groningen',
    street: 'Folkingestraat',
    streetNumber: '8',
    zipCode: '9711 JV',
    description: '<p>Handgeweven plaids, kussens en wandkleden van Nederlandse wol.</p>',
    openingTimes: 'Op afspraak',
    label: 0,
    admin: { email: 'beheer@wolwerk.nl', name: 'Fatima', surname: 'El Amrani' },
    user: { email: 'medewerker@wolwerk.nl', name: 'Lucas', surname: 'de Boer' },
  },
];

/** The demo marketplace, created once on an empty database; later features add their own demo records here. */
export async function seedDemoData(db: Db, log: Logger) {
  const [anyWorkshop] = await db.select({ id: tenants.id }).from(tenants).limit(1);
  if (anyWorkshop) return false;
  const superAdminExists = await findUserInTenant(db, null, eq(users.normalizedEmail, normalize(DEMO_SUPER_ADMIN)));
  // One transaction: a start interrupted while seeding (killed, disk full) leaves no half demo behind, and the next
  // start, finding no workshop, seeds it whole.
  await db.transaction(async (tx) => {
    if (!superAdminExists)
      await createAccount(tx, {
        tenantId: null,
        userName: DEMO_SUPER_ADMIN,
        email: DEMO_SUPER_ADMIN,
        name: 'Sanne',
        surname: 'de Vries',
        role: 'admin',
        password: DEMO_PASSWORD,
      });
    for (const w of DEMO_WORKSHOPS) {
      const [workshop] = await tx.insert(tenants).values({ name: w.name, slug: w.slug }).returning();
      if (!workshop) throw new Error('tenant insert returned nothing');
      await tx.insert(workspaces).values({
        tenantId: workshop.id,
        name: w.name,
        description: w.description,
        street: w.street,
        streetNumber: w.streetNumber,
        zipCode: w.zipCode,
        city: w.city,
        province: w.province,
        email: w.admin.email,
        openingTimes: w.openingTimes,
        label: w.label,
        isPublished: w.published,
        isFeatured: w.featured,
        ...w.legal,
      });
      for (const [person, role] of [
        [w.admin, 'admin'],
        [w.user, 'user'],
      ] as const) {
        await createAccount(tx, {
          tenantId: workshop.id,
          userName: person.email,
          email: person.email,
          name: person.name,
          surname: person.surname,
          role,
          password: DEMO_PASSWORD,
        });
      }
    }
    await writeSettings(tx, DEMO_PLATFORM_LEGAL, null);
    await seedDemoWorkshops(tx);
    await seedDemoProducts(tx);
    await seedDemoContent(tx);
    await seedDemoReservations(tx);
  });
  log.info('demo data created');
  return true;
}

export function demoLoginsText(): string {
  const lines = [
    `  Super admin         ${DEMO_SUPER_ADMIN}  (atelier: Geen atelier)`,
    ...DEMO_WORKSHOPS.flatMap((w) => [
      `  Atelierbeheerder    ${w.admin.email}  (atelier: ${w.name})`,
      `  Gebruiker           ${w.user.email}  (atelier: ${w.name})`,
    ]),
  ];
  return `Demo-inloggegevens (wachtwoord voor allemaal: ${DEMO_PASSWORD}):\n${lines.join('\n')}`;
}
