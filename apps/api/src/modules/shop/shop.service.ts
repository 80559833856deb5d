import { announcedHoliday, dayInAmsterdam, FAQ_IDS, holidayOfColumns, type ShopWorkshop } from '@ateliermarkt/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import {
  faqQuestions,
  faqs,
  newsletterSubscriptions,
  pages,
  resources,
  subcategories,
  tenants,
  workspaces,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { withAbsoluteImageUrls } from '../../lib/rich-text.ts';
import { imagesByIds, toImage } from '../images/index.ts';

/**
 * The shop's public reads. Every query selects the public columns by name (never `select()` of a whole row), so a
 * private column added later cannot leak by accident.
 */
export async function publishedWorkshops(ctx: AppContext, filter?: { featured?: boolean; slug?: string }) {
  const conditions = [eq(workspaces.isPublished, true)];
  if (filter?.featured) conditions.push(eq(workspaces.isFeatured, true));
  if (filter?.slug) conditions.push(eq(tenants.slug, filter.slug));
  const rows = await ctx.db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      slug: tenants.slug,
      description: workspaces.description,
      street: workspaces.street,
      streetNumber: workspaces.streetNumber,
      zipCode: workspaces.zipCode,
      city: workspaces.city,
      province: workspaces.province,
      openingTimes: workspaces.openingTimes,
      label: workspaces.label,
      isFeatured: workspaces.isFeatured,
      mainImageId: workspaces.mainImageId,
      teamImageId: workspaces.teamImageId,
      holidayFrom: workspaces.holidayFrom,
      holidayTo: workspaces.holidayTo,
      holidayMessage: workspaces.holidayMessage,
    })
    .from(workspaces)
    .innerJoin(tenants, eq(tenants.id, workspaces.tenantId))
    .where(and(...conditions))
    .orderBy(desc(workspaces.isFeatured), asc(workspaces.name));
  const ids = rows.flatMap((r) => [r.mainImageId, r.teamImageId]).filter((id): id is string => Boolean(id));
  const found = await imagesByIds(ctx.db, ids);
  const image = (id: string | null) => {
    const row = id ? found.get(id) : undefined;
    return row ? toImage(row, ctx.config.publicUrl) : null;
  };
  const today = dayInAmsterdam(ctx.now());
  return rows.map(
    ({ mainImageId, teamImageId, description, holidayFrom, holidayTo, holidayMessage, ...r }): ShopWorkshop => ({
      ...r,
      description: withAbsoluteImageUrls(description ?? '', ctx.config.publicUrl),
      mainImage: image(mainImageId),
      teamImage: image(teamImageId),
      holiday: announcedHoliday(holidayOfColumns(holidayFrom, holidayTo, holidayMessage), today),
    }),
  );
}

export async function featuredWorkshop(ctx: AppContext): Promise<ShopWorkshop> {
  const [found] = await publishedWorkshops(ctx, { featured: true });
  if (!found) throw notFound();
  return found;
}

export async function workshopBySlug(ctx: AppContext, slug: string): Promise<ShopWorkshop> {
  const [found] = await publishedWorkshops(ctx, { slug });
  if (!found) throw notFound();
  return found;
}

const pageLink = { id: pages.id, title: pages.title, slug: pages.slug, position: pages.position };

export async function pageMenus(ctx: AppContext) {
  const rows = await ctx.db
    .select({ ...pageLink, isFooterPage: pages.isFooterPage })
    .from(pages)
    .orderBy(asc(pages.position), asc(pages.title));
  const strip = ({ isFooterPage: _, ...link }: (typeof rows)[number]) => link;
  return {
    mainMenu: rows.filter((p) => !p.isFooterPage).map(strip),
    footer: rows.filter((p) => p.isFooterPage).map(strip),
  };
}

export async function pageBySlug(ctx: AppContext, slug: string) {
  const [row] = await ctx.db
    .select({ ...pageLink, body: pages.body, isFooterPage: pages.isFooterPage })
    .from(pages)
    .where(eq(pages.slug, slug));
  if (!row) throw notFound();
  return { ...row, body: withAbsoluteImageUrls(row.body, ctx.config.publicUrl) };
}

export async function shopFaq(ctx: AppContext) {
  const [faq] = await ctx.db.select({ name: faqs.name }).from(faqs).where(eq(faqs.id, FAQ_IDS.shop));
  if (!faq) throw notFound();
  const questions = await ctx.db
    .select({ id: faqQuestions.id, question: faqQuestions.question, answer: faqQuestions.answer })
    .from(faqQuestions)
    .where(eq(faqQuestions.faqId, FAQ_IDS.shop))
    .orderBy(asc(faqQuestions.position));
  return { name: faq.name, questions };
}

export function shopResources(ctx: AppContext) {
  return ctx.db.select({ name: resources.name, value: resources.value }).from(resources).orderBy(asc(resources.name));
}

export async function shopSubcategories(ctx: AppContext) {
  const rows = await ctx.db
    .select({
      id: subcategories.id,
      title: subcategories.title,
      slug: subcategories.slug,
      order: subcategories.order,
      body: subcategories.body,
    })
    .from(subcategories)
    .orderBy(asc(subcategories.order), asc(subcategories.title));
  return rows.map((row) => ({ ...row, body: withAbsoluteImageUrls(row.body, ctx.config.publicUrl) }));
}

/** A second sign-up with the same address (in any case) changes nothing and answers the same. */
export async function signUpForNewsletter(ctx: AppContext, input: { email: string; name: string | null }) {
  await ctx.db
    .insert(newsletterSubscriptions)
    .values({ email: input.email, normalizedEmail: input.email.trim().toLowerCase(), name: input.name })
    .onConflictDoNothing({ target: newsletterSubscriptions.normalizedEmail });
}
