import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { DbOrTx } from '../db/client.ts';
import { newsletterSubscriptions, tenants, workspaces } from '../db/schema/index.ts';
import { normalize } from '../modules/auth/index.ts';
import { encodeImage } from '../modules/images/image-files.ts';
import { insertImage } from '../modules/images/images.service.ts';

/**
 * The workshop half of the demo marketplace: photos (drawn here, so the repository holds no binary files), phone
 * and bookkeeping numbers, and some newsletter sign-ups.
 */
type Extra = { slug: string; colors: [string, string, string]; phone: string; creditor: string; debtor: string };

const EXTRAS: Extra[] = [
  {
    slug: 'de-draaischijf',
    colors: ['#b5542f', '#e9c9a8', '#7a3a22'],
    phone: '030 231 44 10',
    creditor: 'CR-1001',
    debtor: 'DB-2001',
  },
  {
    slug: 'glasatelier-helder',
    colors: ['#2f6f8f', '#cfe6ee', '#1d4357'],
    phone: '023 532 18 77',
    creditor: 'CR-1002',
    debtor: 'DB-2002',
  },
  {
    slug: 'wolwerk-textielstudio',
    colors: ['#6b7d3a', '#efe7d2', '#3f4a22'],
    phone: '050 313 62 05',
    creditor: 'CR-1003',
    debtor: 'DB-2003',
  },
];

const SIGN_UPS = [
  { email: 'anouk.meijer@example.nl', name: 'Anouk Meijer', daysAgo: 41 },
  { email: 'j.vandijk@example.nl', name: 'Jeroen van Dijk', daysAgo: 30 },
  { email: 'sophie.mulder@example.nl', name: 'Sophie Mulder', daysAgo: 18 },
  { email: 'bram@example.nl', name: null, daysAgo: 9 },
  { email: 'lotte.dekker@example.nl', name: 'Lotte Dekker', daysAgo: 2 },
];

/** A calm, abstract picture in the workshop's colours: shapes that suggest pots, glass or cloth. */
function pictureSvg(colors: [string, string, string], variant: 'main' | 'team'): string {
  const [strong, light, dark] = colors;
  const shapes =
    variant === 'main'
      ? `<ellipse cx="420" cy="520" rx="170" ry="40" fill="${dark}" opacity="0.35"/>
         <path d="M300 250 C 260 380 300 500 420 520 C 540 500 580 380 540 250 Z" fill="${strong}"/>
         <rect x="330" y="210" width="180" height="50" rx="20" fill="${dark}"/>
         <circle cx="860" cy="300" r="140" fill="${strong}" opacity="0.55"/>
         <rect x="700" y="430" width="320" height="110" rx="18" fill="${dark}" opacity="0.7"/>`
      : `<circle cx="330" cy="300" r="90" fill="${strong}"/><rect x="240" y="400" width="180" height="200" rx="80" fill="${strong}"/>
         <circle cx="600" cy="280" r="90" fill="${dark}"/><rect x="510" y="380" width="180" height="220" rx="80" fill="${dark}"/>
         <circle cx="870" cy="300" r="90" fill="${strong}" opacity="0.7"/><rect x="780" y="400" width="180" height="200" rx="80" fill="${strong}" opacity="0.7"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="700" viewBox="0 0 1200 700">
    <rect width="1200" height="700" fill="${light}"/>
    <rect y="560" width="1200" height="140" fill="${dark}" opacity="0.15"/>
    ${shapes}
  </svg>`;
}

async function demoImage(db: DbOrTx, workshopId: string, svg: string): Promise<string> {
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
  const encoded = await encodeImage(jpeg);
  return insertImage(db, { tenantId: workshopId, uploadedBy: null, encoded });
}

export async function seedDemoWorkshops(db: DbOrTx) {
  for (const extra of EXTRAS) {
    const [workshop] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, extra.slug)).limit(1);
    if (!workshop) continue;
    const mainImageId = await demoImage(db, workshop.id, pictureSvg(extra.colors, 'main'));
    const teamImageId = await demoImage(db, workshop.id, pictureSvg(extra.colors, 'team'));
    await db
      .update(workspaces)
      .set({ mainImageId, teamImageId, phone: extra.phone, creditorNumber: extra.creditor, debtorNumber: extra.debtor })
      .where(eq(workspaces.tenantId, workshop.id));
  }
  const now = Date.now();
  await db
    .insert(newsletterSubscriptions)
    .values(
      SIGN_UPS.map((s) => ({
        email: s.email,
        normalizedEmail: normalize(s.email),
        name: s.name,
        createdAt: new Date(now - s.daysAgo * 86_400_000),
      })),
    )
    .onConflictDoNothing();
}
