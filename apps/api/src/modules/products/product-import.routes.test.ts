import { AUTHOR_DESCRIPTION_MAX, IMPORT_MESSAGES, type ImportRow, MESSAGES } from '@ateliermarkt/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, images, productCategories, productImages, products } from '../../db/schema/index.ts';
import { userIdOf, workshopRow } from '../../security/security-fixtures.ts';
import { createTestApp, DEMO_WORKSHOP, demoTokens, type TestApp } from '../../test/test-app.ts';
import { storageUsed } from '../images/index.ts';
import { jpeg, postImport, rawZip, rowOf, xlsxOf, zipEntry } from './product-sheet-fixtures.ts';

let t: TestApp;
let admin: string;
let user: string;
let otherAdmin: string;
let superAdmin: string;
let workshopId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, user, otherAdmin, superAdmin } = await demoTokens(t));
  workshopId = (await workshopRow(t, DEMO_WORKSHOP)).tenantId;
});
afterAll(async () => {
  await t?.close();
});

const H = ['Code', 'Naam', 'Prijs', 'Hoofdcategorieën', 'Verzendmethoden'];
const valid = (name: string, more: Record<string, unknown> = {}) => ({
  Naam: name,
  Prijs: '24,50',
  Hoofdcategorieën: 'Wonen',
  Verzendmethoden: 'Ophalen in het atelier; Pakket',
  ...more,
});
const sheet = (headers: string[], rows: Record<string, unknown>[]) =>
  xlsxOf([headers, ...rows.map((r) => rowOf(r, headers))]);
const byName = (name: string) =>
  t.ctx.db
    .select()
    .from(products)
    .where(and(eq(products.tenantId, workshopId), eq(products.name, name)));
const reasonsOf = (rows: ImportRow[], row: number) => rows.find((r) => r.row === row)?.reasons;

describe('POST products/import: new products', () => {
  it('previews a new row without writing, then makes it with every column, published, audited as the import', async () => {
    const headers = [...H, 'Beschrijving', 'Materiaal', 'Uniek exemplaar', 'Voorraad', 'Gewicht (gram)'];
    const more = ['Lengte (cm)', 'Breedte (cm)', 'Hoogte (cm)', 'Naam maker', 'Over de maker', 'Gepubliceerd'];
    const file = await sheet(
      [...headers, ...more],
      [
        valid('Importvaas', {
          Beschrijving: 'Een blauwe vaas',
          Materiaal: 'Glas',
          'Uniek exemplaar': 'Nee',
          Voorraad: 3,
          'Gewicht (gram)': '1.250',
          'Lengte (cm)': '10,5',
          'Breedte (cm)': 8,
          'Hoogte (cm)': 30,
          'Naam maker': 'Eva',
          'Over de maker': 'Blaast glas',
          Gepubliceerd: 'Ja',
        }),
      ],
    );
    const preview = await postImport(t, admin, { file, dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.body.rows).toEqual([
      { row: 2, code: null, name: 'Importvaas', status: 'new', changed: [], reasons: [], productId: null },
    ]);
    expect(preview.body.imported).toBe(false);
    expect(await byName('Importvaas')).toEqual([]);

    const done = await postImport(t, admin, { file, fileName: 'nieuw.xlsx' });
    expect(done.body.imported).toBe(true);
    const [made] = await byName('Importvaas');
    expect(done.body.rows[0]?.productId).toBe(made?.id);
    expect(made).toMatchObject({
      description: 'Een blauwe vaas',
      material: 'Glas',
      isUniqueEdition: false,
      quantity: 3,
      priceCents: 2450,
      weightGrams: 1250,
      lengthCm: '10.50',
      authorName: 'Eva',
      authorDescription: 'Blaast glas',
      isPublished: true,
    });
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.create'), eq(auditLog.entityId, made?.id ?? '')));
    expect(entry?.data).toMatchObject({ file: 'nieuw.xlsx', row: 2 });
  });

  it('refuses each row that breaks a rule, with the wizard’s Dutch message naming the column; imports the rest', async () => {
    const headers = [...H, 'Over de maker'];
    const file = await xlsxOf([
      headers,
      rowOf(valid('Goede vaas'), headers),
      rowOf(valid('Te goedkoop', { Prijs: 5 }), headers),
      rowOf(valid('Zonder categorie', { Hoofdcategorieën: '' }), headers),
      rowOf(valid('Twee verzendingen', { Verzendmethoden: 'Pakket; Brievenbuspakje' }), headers),
      rowOf(valid('Lange maker', { 'Over de maker': 'x'.repeat(AUTHOR_DESCRIPTION_MAX + 1) }), headers),
      rowOf(valid('Ruimtevaas', { Hoofdcategorieën: 'Ruimtevaart' }), headers),
      rowOf(valid('Postduif', { Verzendmethoden: 'Postduif' }), headers),
      rowOf(valid('Formule', { Prijs: { formula: '10*5', result: 50 } }), headers),
      rowOf(valid('Geen getal', { Prijs: 'tien' }), headers),
      rowOf(valid(''), headers),
      rowOf(valid('Onbekend', { Code: 'BESTAAT-NIET' }), headers),
    ]);
    const res = await postImport(t, admin, { file });
    expect(res.status).toBe(200);
    const col = IMPORT_MESSAGES.inColumn;
    expect(reasonsOf(res.body.rows, 2)).toEqual([]);
    expect(reasonsOf(res.body.rows, 3)).toEqual([col('Prijs', MESSAGES.priceTooLow)]);
    expect(reasonsOf(res.body.rows, 4)).toEqual([col('Hoofdcategorieën', MESSAGES.categoryRequired)]);
    expect(reasonsOf(res.body.rows, 5)).toEqual([col('Verzendmethoden', MESSAGES.deliveryMethodCombination)]);
    expect(reasonsOf(res.body.rows, 6)).toEqual([
      col('Over de maker', MESSAGES.authorDescriptionTooLong(AUTHOR_DESCRIPTION_MAX)),
    ]);
    expect(reasonsOf(res.body.rows, 7)?.[0]).toBe(
      col('Hoofdcategorieën', IMPORT_MESSAGES.categoryUnknown('Ruimtevaart')),
    );
    expect(reasonsOf(res.body.rows, 8)?.[0]).toBe(
      col('Verzendmethoden', IMPORT_MESSAGES.deliveryMethodUnknown('Postduif')),
    );
    expect(reasonsOf(res.body.rows, 9)).toEqual([col('Prijs', IMPORT_MESSAGES.formula)]);
    expect(reasonsOf(res.body.rows, 10)).toEqual([col('Prijs', IMPORT_MESSAGES.notANumber)]);
    expect(reasonsOf(res.body.rows, 11)).toEqual([col('Naam', MESSAGES.productNameRequired)]);
    expect(reasonsOf(res.body.rows, 12)).toEqual([col('Code', IMPORT_MESSAGES.codeUnknown('BESTAAT-NIET'))]);
    expect(res.body.counts).toEqual({ new: 1, changed: 0, unchanged: 0, refused: 10 });
    expect(await byName('Goede vaas')).toHaveLength(1);
    expect(await byName('Te goedkoop')).toEqual([]);
    expect(await byName('Formule')).toEqual([]);
  });

  it('reads a CSV with a semicolon or a comma, with or without BOM, in Dutch notation', async () => {
    const lines = (sep: string) =>
      [
        ['Naam', 'Prijs', 'Hoofdcategorieën', 'Verzendmethoden'].join(sep),
        [`CSV-vaas ${sep === ';' ? 'puntkomma' : 'komma'}`, '"1.234,56"', 'Wonen', 'Pakket'].join(sep),
      ].join('\r\n');
    const semi = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines(';'))]);
    const comma = Buffer.from(lines(','));
    for (const file of [semi, comma]) {
      const res = await postImport(t, admin, { file, fileName: 'producten.csv' });
      expect(res.body.rows.map((r) => r.status)).toEqual(['new']);
    }
    expect((await byName('CSV-vaas puntkomma'))[0]?.priceCents).toBe(123456);
    expect((await byName('CSV-vaas komma'))[0]?.priceCents).toBe(123456);
    const latin1 = Buffer.from('Naam;Prijs\r\nCafé;12', 'latin1');
    const refused = await postImport(t, admin, { file: latin1, fileName: 'oud.csv' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(IMPORT_MESSAGES.fileNotUtf8);
  });

  it('makes a new custom category only when the preview named it and it is sent back', async () => {
    const headers = [...H, 'Eigen categorieën'];
    const file = await sheet(headers, [valid('Categorievaas', { 'Eigen categorieën': 'Blauwe importvazen' })]);
    const preview = await postImport(t, admin, { file, dryRun: true });
    expect(preview.body.newCustomCategories).toEqual(['Blauwe importvazen']);
    const unconfirmed = await postImport(t, admin, { file });
    expect(unconfirmed.body.rows[0]?.reasons).toEqual([
      IMPORT_MESSAGES.inColumn('Eigen categorieën', IMPORT_MESSAGES.newCategoryNotConfirmed('Blauwe importvazen')),
    ]);
    expect(await t.ctx.db.select().from(categories).where(eq(categories.title, 'Blauwe importvazen'))).toEqual([]);
    const confirmed = await postImport(t, admin, { file, newCategories: ['Blauwe importvazen'] });
    expect(confirmed.body.counts.new).toBe(1);
    const [made] = await byName('Categorievaas');
    const links = await t.ctx.db
      .select({ title: categories.title })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(eq(productCategories.productId, made?.id ?? ''));
    expect(links.map((l) => l.title).sort()).toEqual(['Blauwe importvazen', 'Wonen']);
  });
});

describe('POST products/import: who may', () => {
  it('lets a plain user make and change only their own products, and never publish', async () => {
    const own = await postImport(t, user, { file: await sheet(H, [valid('Vaas van Tom')]) });
    expect(own.body.counts.new).toBe(1);
    const [mine] = await byName('Vaas van Tom');
    expect(mine?.creatorId).toBe(await userIdOf(t, 'medewerker@dedraaischijf.nl'));
    await postImport(t, admin, { file: await sheet(H, [valid('Vaas van de beheerder')]) });
    const [theirs] = await byName('Vaas van de beheerder');

    const headers = [...H, 'Gepubliceerd'];
    const res = await postImport(t, user, {
      file: await sheet(headers, [
        valid('Vaas van Tom', { Code: mine?.productNumber, Prijs: 30 }),
        valid('Vaas van de beheerder', { Code: theirs?.productNumber, Prijs: 30 }),
        valid('Vaas van de beheerder', { Code: theirs?.productNumber }),
        valid('Vaas van Tom', { Code: mine?.productNumber, Gepubliceerd: 'Ja' }),
      ]),
    });
    expect(res.body.rows.map((r) => r.status)).toEqual(['changed', 'refused', 'refused', 'refused']);
    expect(res.body.rows[1]?.reasons).toEqual([IMPORT_MESSAGES.inColumn('Code', IMPORT_MESSAGES.notYours)]);
    expect(res.body.rows[2]?.reasons).toEqual([IMPORT_MESSAGES.inColumn('Code', IMPORT_MESSAGES.codeTwice(3))]);
    expect(res.body.rows[3]?.reasons).toEqual([IMPORT_MESSAGES.inColumn('Code', IMPORT_MESSAGES.codeTwice(2))]);
    expect((await byName('Vaas van Tom'))[0]?.priceCents).toBe(3000);
    expect((await byName('Vaas van de beheerder'))[0]?.priceCents).toBe(2450);

    const publish = await postImport(t, user, {
      file: await sheet(headers, [valid('Vaas van Tom', { Code: mine?.productNumber, Prijs: 30, Gepubliceerd: 'Ja' })]),
    });
    expect(publish.body.rows[0]?.reasons).toEqual([
      IMPORT_MESSAGES.inColumn('Gepubliceerd', IMPORT_MESSAGES.publishAdminOnly),
    ]);
  });

  it('does not find another workshop’s codes, and is closed to the super admin and to anyone not logged in', async () => {
    const [ours] = await t.ctx.db.select().from(products).where(eq(products.tenantId, workshopId)).limit(1);
    const file = await sheet(H, [valid('Kaping', { Code: ours?.productNumber })]);
    const res = await postImport(t, otherAdmin, { file });
    expect(res.body.rows[0]?.reasons).toEqual([
      IMPORT_MESSAGES.inColumn('Code', IMPORT_MESSAGES.codeUnknown(String(ours?.productNumber))),
    ]);
    const [after] = await t.ctx.db
      .select()
      .from(products)
      .where(eq(products.id, ours?.id ?? ''));
    expect(after).toEqual(ours);
    expect((await postImport(t, superAdmin, { file })).status).toBe(403);
    expect((await postImport(t, undefined, { file })).status).toBe(401);
  });
});

describe('POST products/import: photos', () => {
  it('takes the JPEGs the sheet names from the .zip, re-encoded; refuses a PNG and a missing file', async () => {
    const headers = [...H, "Foto's"];
    const original = await jpeg();
    const zip = rawZip([
      zipEntry('map/voorkant.JPG', original),
      zipEntry('achterkant.jpg', await jpeg(40, 40, { r: 10, g: 20, b: 200 })),
      zipEntry(
        'logo.png',
        await (await import('sharp'))
          .default({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      ),
    ]);
    const file = await sheet(headers, [
      valid('Fotovaas', { "Foto's": 'voorkant.jpg; achterkant.jpg' }),
      valid('Pngvaas', { "Foto's": 'logo.png' }),
      valid('Zoekvaas', { "Foto's": 'weg.jpg' }),
    ]);
    const res = await postImport(t, admin, { file, photos: zip });
    expect(res.body.rows.map((r) => r.status)).toEqual(['new', 'refused', 'refused']);
    expect(res.body.rows[1]?.reasons).toEqual([
      IMPORT_MESSAGES.inColumn("Foto's", IMPORT_MESSAGES.photoRefused('logo.png', MESSAGES.imageNotJpeg)),
    ]);
    expect(res.body.rows[2]?.reasons).toEqual([
      IMPORT_MESSAGES.inColumn("Foto's", IMPORT_MESSAGES.photoMissing('weg.jpg')),
    ]);
    const [made] = await byName('Fotovaas');
    const photos = await t.ctx.db
      .select({ id: images.id, format: images.format, tenantId: images.tenantId, bytes: images.bytes })
      .from(productImages)
      .innerJoin(images, eq(images.id, productImages.imageId))
      .where(eq(productImages.productId, made?.id ?? ''));
    expect(photos).toHaveLength(2);
    expect(photos.every((p) => p.format === 'jpeg' && p.tenantId === workshopId)).toBe(true);
    expect(made?.productImageId).toBe(photos[0]?.id);
  });

  it('refuses the rows whose photos would pass the workshop’s storage quota', async () => {
    const used = await storageUsed(t.ctx.db, workshopId);
    const quota = t.ctx.config.workshopStorageBytes;
    t.ctx.config.workshopStorageBytes = used + 100;
    try {
      const headers = [...H, "Foto's"];
      const file = await sheet(headers, [valid('Quotavaas', { "Foto's": 'groot.jpg' })]);
      const res = await postImport(t, admin, { file, photos: rawZip([zipEntry('groot.jpg', await jpeg(400, 300))]) });
      expect(res.body.rows[0]?.reasons).toEqual([
        IMPORT_MESSAGES.inColumn("Foto's", MESSAGES.storageQuotaExceeded(Math.round((used + 100) / (1024 * 1024)))),
      ]);
      expect(await storageUsed(t.ctx.db, workshopId)).toBe(used);
    } finally {
      t.ctx.config.workshopStorageBytes = quota;
    }
  });

  it('writes all accepted rows or none: a photo that fails its encoding on write undoes the rows and photos before it', async () => {
    const whole = await jpeg(600, 400);
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    const headers = [...H, "Foto's"];
    const file = await sheet(headers, [
      valid('Eerste van twee', { "Foto's": 'heel.jpg' }),
      valid('Afgebroken foto', { "Foto's": 'half.jpg' }),
    ]);
    const photos = rawZip([zipEntry('heel.jpg', whole), zipEntry('half.jpg', cut)]);
    const preview = await postImport(t, admin, { file, photos, dryRun: true });
    expect(preview.body.rows.map((r) => r.status)).toEqual(['new', 'new']);
    const imagesBefore = await t.ctx.db.select({ id: images.id }).from(images);
    const res = await postImport(t, admin, { file, photos });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(`Rij 3: ${MESSAGES.imageUnreadable}`);
    expect(await t.ctx.db.select({ id: images.id }).from(images)).toHaveLength(imagesBefore.length);
    expect(await byName('Eerste van twee')).toEqual([]);
    expect(await byName('Afgebroken foto')).toEqual([]);
  });

  it('keeps the photos an exported sheet names by their id, without a .zip', async () => {
    const [withPhoto] = await t.ctx.db
      .select({ id: products.id, code: products.productNumber, imageId: products.productImageId })
      .from(products)
      .where(and(eq(products.tenantId, workshopId), inArray(products.name, ['Fotovaas'])));
    const headers = ['Code', "Foto's"];
    const file = await sheet(headers, [{ Code: withPhoto?.code, "Foto's": `${withPhoto?.imageId}.jpg` }]);
    const res = await postImport(t, admin, { file });
    expect(res.body.rows[0]).toMatchObject({ status: 'changed', changed: ["Foto's"] });
    const left = await t.ctx.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, withPhoto?.id ?? ''));
    expect(left.map((l) => l.imageId)).toEqual([withPhoto?.imageId]);
  });
});
