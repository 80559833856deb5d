/**
 * Demo products: about 20 per workshop across the main categories and materials, with generated JPEG photos, in
 * every state (concept, published, reserved, sold) and a few featured. Photos are drawn as SVG and stored through
 * the images module, so they are real re-encoded variants in the database.
 */
import { DELIVERY_METHOD_PICKUP, MATERIALS, normalizeCategoryTitle, toCents } from '@ateliermarkt/contract';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { DbOrTx } from '../db/client.ts';
import {
  categories,
  featuredProducts,
  productCategories,
  productDeliveryMethods,
  productImages,
  products,
  roles,
  tenants,
  users,
} from '../db/schema/index.ts';
import { encodeImage } from '../modules/images/image-files.ts';
import { insertImage } from '../modules/images/images.service.ts';
import { nextProductNumber } from '../modules/products/product-numbers.ts';
import { MAIN_CATEGORIES } from '../modules/products/product-reference-data.ts';

const ITEMS: Record<string, { names: string[]; material: string; colors: string[] }> = {
  'de-draaischijf': {
    material: MATERIALS[0],
    colors: ['#b5651d', '#3f6e8c', '#d9c7a7', '#6b8f71', '#8c4a3f'],
    names: [
      'Blauwe vaas met reliëf',
      'Ontbijtbord Zandkleur',
      'Mok met oor, groen geglazuurd',
      'Schaal Oudegracht',
      'Theepot Ochtendmist',
      'Set van vier espressokopjes',
      'Fruitschaal terracotta',
      'Bloempot met schotel',
      'Kandelaar steengoed',
      'Dienblad porselein',
      'Kinderbordje met dieren',
      'Oorbellen van porselein',
      'Olijfschaaltje',
      'Karaf met stop',
      'Kunstobject Golf',
      'Kom voor ramen',
      'Zoutvaatje met lepeltje',
      'Kerstbal van porselein',
      'Wandtegel handbeschilderd',
      'Vaas Hoog en Smal',
    ],
  },
  'glasatelier-helder': {
    material: MATERIALS[1],
    colors: ['#4aa3c2', '#9fd3c7', '#e0b84f', '#7a5c99', '#2f7f6f'],
    names: [
      'Geblazen karaf',
      'Wijnglazen, set van twee',
      'Glazen hanglamp',
      'Presse-papier met bellen',
      'Glas-in-loodpaneel Duinen',
      'Schaal van gerecycled glas',
      'Glazen kralenketting',
      'Waxinelichthouder amber',
      'Vaas Zeeglas',
      'Cocktailglazen, set van vier',
      'Glazen kerstster',
      'Hanger Druppel',
      'Broche van glas',
      'Kunstobject Licht',
      'Schenkkan blauw',
      'Drinkglas voor kinderen',
      'Olielampje',
      'Zonnevanger',
      'Glazen onderzetters',
      'Parfumflesje',
    ],
  },
  'wolwerk-textielstudio': {
    material: MATERIALS[2],
    colors: ['#a64b2a', '#5b7553', '#c9a227', '#3b4a6b', '#d8cfc4'],
    names: [
      'Plaid van Drentse wol',
      'Kussenhoes visgraat',
      'Wandkleed Kwelder',
      'Sjaal handgeweven',
      'Tas van vilt',
      'Babydeken zacht grijs',
      'Placemats, set van vier',
      'Muts van merinowol',
      'Theemuts',
      'Wandkleed Noorderlicht',
      'Vloerkleed klein',
      'Haarband',
      'Speelgoedschaap van vilt',
      'Broche van wol',
      'Tafelloper linnen',
      'Kunstwerk Draad',
      'Sokken gebreid',
      'Etui met rits',
      'Poef gevlochten',
      'Cadeaupakket Winter',
    ],
  },
};

function svg(color: string, accent: string, shape: number): Buffer {
  const shapes = [
    `<path d="M230 90 q-60 120 -20 230 h180 q40 -110 -20 -230 z" fill="${accent}"/>`,
    `<ellipse cx="320" cy="250" rx="170" ry="70" fill="${accent}"/><ellipse cx="320" cy="235" rx="150" ry="45" fill="${color}" opacity="0.6"/>`,
    `<rect x="210" y="120" width="220" height="200" rx="24" fill="${accent}"/><circle cx="320" cy="220" r="50" fill="${color}"/>`,
    `<circle cx="320" cy="210" r="120" fill="${accent}"/><circle cx="280" cy="170" r="30" fill="#fff" opacity="0.35"/>`,
  ];
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7f3ee"/><stop offset="1" stop-color="${color}" stop-opacity="0.35"/></linearGradient></defs><rect width="640" height="480" fill="url(#g)"/><rect y="360" width="640" height="120" fill="${color}" opacity="0.25"/>${shapes[shape % shapes.length]}</svg>`,
  );
}

async function demoPhoto(db: DbOrTx, workshopId: string, color: string, accent: string, shape: number) {
  const jpeg = await sharp(svg(color, accent, shape))
    .jpeg({ quality: 85 })
    .toBuffer();
  const encoded = await encodeImage(jpeg);
  return insertImage(db, { tenantId: workshopId, uploadedBy: null, encoded });
}

export async function seedDemoProducts(db: DbOrTx) {
  const mainCategories = await db
    .select({ id: categories.id, key: categories.normalizedTitle })
    .from(categories)
    .where(inArray(categories.normalizedTitle, MAIN_CATEGORIES.map(normalizeCategoryTitle)));
  const featured: string[] = [];
  for (const [slug, set] of Object.entries(ITEMS)) {
    const [workshop] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
    if (!workshop) continue;
    const people = await db
      .select({ id: users.id, role: roles.name })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.tenantId, workshop.id));
    const adminId = people.find((p) => p.role === 'admin')?.id ?? null;
    const userId = people.find((p) => p.role === 'user')?.id ?? adminId;
    const photos: string[] = [];
    for (let i = 0; i < 6; i++)
      photos.push(await demoPhoto(db, workshop.id, set.colors[i % 5] ?? '#888', set.colors[(i + 2) % 5] ?? '#444', i));

    for (const [i, name] of set.names.entries()) {
      const state = i % 5; // 0,1 published · 2 concept · 3 reserved · 4 sold
      const unique = i % 3 !== 0;
      const methods =
        i % 4 === 0 ? [DELIVERY_METHOD_PICKUP] : i % 4 === 1 ? [DELIVERY_METHOD_PICKUP, 3] : [2 + (i % 4)];
      const own = [photos[i % 6], photos[(i + 1) % 6]].slice(0, i % 2 === 0 ? 2 : 1) as string[];
      await db.transaction(async (tx) => {
        const productNumber = await nextProductNumber(tx, workshop.id);
        const [row] = await tx
          .insert(products)
          .values({
            tenantId: workshop.id,
            productNumber,
            name,
            description: `${name}: met de hand gemaakt in ons atelier. Elk stuk is net een beetje anders.`,
            extraInformation: i % 2 ? 'Niet geschikt voor de vaatwasser.' : '',
            material: i === 7 ? 'Hout en wol' : set.material,
            isUniqueEdition: unique,
            quantity: unique ? 1 : 3 + (i % 4),
            priceCents: toCents(12.5 + ((i * 17.35) % 240)),
            weightGrams: 150 + i * 45,
            lengthCm: String(10 + i),
            widthCm: i % 6 === 5 ? null : String(8 + (i % 5)),
            heightCm: String(5 + (i % 7) * 3),
            productImageId: own[0] ?? null,
            authorName: i % 2 ? 'Het atelier' : null,
            authorDescription: i % 2 ? 'Gemaakt door ons team van vier makers, met aandacht voor elk detail.' : null,
            isPublished: state !== 2,
            isReserved: state === 3,
            isSold: state === 4,
            viewCount: (i * 37) % 180,
            creatorId: i % 4 === 3 ? userId : adminId,
          })
          .returning({ id: products.id });
        if (!row) return;
        const cats = [mainCategories[i % mainCategories.length], mainCategories[(i + 3) % mainCategories.length]];
        await tx.insert(productCategories).values(
          [...new Set(cats.flatMap((c) => (c ? [c.id] : [])))].map((categoryId) => ({
            productId: row.id,
            categoryId,
          })),
        );
        await tx
          .insert(productDeliveryMethods)
          .values(methods.map((deliveryMethodId) => ({ productId: row.id, deliveryMethodId })));
        await tx
          .insert(productImages)
          .values(own.map((imageId, position) => ({ productId: row.id, imageId, position })));
        if (state < 2 && i < 6 && featured.length < 6) featured.push(row.id);
      });
    }
  }
  if (featured.length)
    await db.insert(featuredProducts).values(featured.map((productId, position) => ({ productId, position })));
}
