/**
 * The route table with who may open each route. A route without `load` is not built yet
 * and shows the 'nog niet beschikbaar' page under its Dutch name. Screens are lazy: their chunk loads on the
 * first visit, and only after the guard allowed it.
 */
import { PICKUP_WEB_PATH } from '@ateliermarkt/contract';
import type { ComponentType } from 'react';
import { NOT_ME_PATH, RESET_PASSWORD_PATH } from './public-paths.ts';
import type { RouteAccess } from './route-access.ts';

export type ScreenModule = { default: ComponentType };

export type ScreenRoute = {
  path: string;
  /** Dutch name: the document title and the heading of a placeholder. Absent = the default welcome title. */
  name?: string;
  access: RouteAccess;
  load?: () => Promise<ScreenModule>;
};

const SUPER = ['superAdmin'] as const;
const WORKSHOP_ADMIN = ['workshopAdmin'] as const;
const ADMINS = ['superAdmin', 'workshopAdmin'] as const;
const PRODUCT_MAKERS = ['workshopAdmin', 'user'] as const;

export { RESET_PASSWORD_PATH };

// An overview and its dialog routes share one screen: the dialog opens over the overview, which stays.
const loadResources = () =>
  import('../features/content/components/resources-page.tsx').then((m) => ({ default: m.ResourcesPage }));
const loadPages = () => import('../features/content/components/pages-page.tsx').then((m) => ({ default: m.PagesPage }));

export const screenRoutes: readonly ScreenRoute[] = [
  { path: '/', access: 'all', load: () => import('./pages/home-page.tsx').then((m) => ({ default: m.HomePage })) },
  {
    path: '/workspace',
    name: 'Mijn atelier',
    access: WORKSHOP_ADMIN,
    load: () => import('./pages/workshop-pages.tsx').then((m) => ({ default: m.OwnWorkshopPage })),
  },
  {
    path: '/workspace/:id',
    name: 'Atelier',
    access: ADMINS,
    load: () => import('./pages/workshop-pages.tsx').then((m) => ({ default: m.WorkshopDetailPage })),
  },
  {
    path: '/workspace/:id/edit',
    name: 'Atelier wijzigen',
    access: ADMINS,
    load: () => import('./pages/workshop-pages.tsx').then((m) => ({ default: m.WorkshopEditPage })),
  },
  {
    path: '/products',
    name: 'Alle producten',
    access: PRODUCT_MAKERS,
    load: () =>
      import('../features/products/components/product-overview-page.tsx').then((m) => ({
        default: m.ProductOverviewPage,
      })),
  },
  {
    path: '/products/import',
    name: 'Producten importeren',
    access: PRODUCT_MAKERS,
    load: () =>
      import('../features/products/components/product-import-page.tsx').then((m) => ({
        default: m.ProductImportPage,
      })),
  },
  {
    path: '/products/featured',
    name: 'Uitgelichte producten',
    access: SUPER,
    load: () =>
      import('../features/products/components/featured-products-page.tsx').then((m) => ({
        default: m.FeaturedProductsPage,
      })),
  },
  {
    path: '/product/add',
    name: 'Product toevoegen',
    access: PRODUCT_MAKERS,
    load: () =>
      import('../features/products/components/product-wizard.tsx').then((m) => ({ default: m.ProductAddPage })),
  },
  {
    path: '/product/edit/:id',
    name: 'Product wijzigen',
    access: PRODUCT_MAKERS,
    load: () =>
      import('../features/products/components/product-wizard.tsx').then((m) => ({ default: m.ProductEditPage })),
  },
  {
    path: '/product/detail/:id',
    name: 'Product',
    access: PRODUCT_MAKERS,
    load: () =>
      import('../features/products/components/product-detail-page.tsx').then((m) => ({ default: m.ProductDetailPage })),
  },
  {
    path: '/product/admin-detail/:id',
    name: 'Product',
    access: WORKSHOP_ADMIN,
    load: () =>
      import('../features/products/components/product-admin-detail-page.tsx').then((m) => ({
        default: m.ProductAdminDetailPage,
      })),
  },
  {
    path: RESET_PASSWORD_PATH,
    name: 'Nieuw wachtwoord',
    access: 'public',
    load: () =>
      import('../features/auth/components/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })),
  },
  {
    path: NOT_ME_PATH,
    name: 'Dit was ik niet',
    access: 'public',
    load: () => import('../features/auth/components/not-me-page.tsx').then((m) => ({ default: m.NotMePage })),
  },
  {
    path: '/user/edit/:userId',
    name: 'Gebruiker wijzigen',
    access: WORKSHOP_ADMIN,
    load: () => import('../features/users/components/user-edit-page.tsx').then((m) => ({ default: m.UserEditPage })),
  },
  {
    path: '/profile/change-password',
    name: 'Wachtwoord wijzigen',
    access: 'all',
    load: () =>
      import('../features/users/components/change-password-page.tsx').then((m) => ({ default: m.ChangePasswordPage })),
  },
  {
    path: '/profile/security',
    name: 'Beveiliging',
    access: 'all',
    load: () => import('../features/users/components/security-page.tsx').then((m) => ({ default: m.SecurityPage })),
  },
  {
    path: '/profile/edit',
    name: 'Profiel wijzigen',
    access: 'all',
    load: () =>
      import('../features/users/components/profile-edit-page.tsx').then((m) => ({ default: m.ProfileEditPage })),
  },
  {
    path: '/admin-overview',
    name: 'Alle beheerders',
    access: SUPER,
    load: () =>
      import('../features/admins/components/admin-overview-page.tsx').then((m) => ({ default: m.AdminOverviewPage })),
  },
  {
    path: '/faq',
    name: 'Vraag & antwoord',
    access: PRODUCT_MAKERS,
    load: () => import('../features/content/components/faq-page.tsx').then((m) => ({ default: m.FaqPage })),
  },
  {
    path: '/admin-faq/:id',
    name: 'FAQ beheer',
    access: SUPER,
    load: () => import('../features/content/components/faq-admin-page.tsx').then((m) => ({ default: m.FaqAdminPage })),
  },
  {
    path: '/reservations',
    name: 'Reserveringen',
    access: ADMINS,
    load: () => import('../features/reservations/components/reservations-page.tsx'),
  },
  {
    // The detail dialog over the overview (child route); the overview opens it from the id.
    path: '/reservations/:id',
    name: 'Reservering',
    access: ADMINS,
    load: () => import('../features/reservations/components/reservations-page.tsx'),
  },
  {
    // Monthly statements: the super admin's of every workshop, a workshop admin's own.
    path: '/statements',
    name: 'Afrekeningen',
    access: ADMINS,
    load: () =>
      import('../features/statements/components/statements-page.tsx').then((m) => ({ default: m.StatementsPage })),
  },
  {
    // The platform's fee invoices: the super admin's of every workshop, a workshop admin's own.
    path: '/invoices',
    name: 'Facturen',
    access: ADMINS,
    load: () => import('../features/invoices/components/invoices-page.tsx').then((m) => ({ default: m.InvoicesPage })),
  },
  {
    // Scan to hand over: the pick-up slip's QR code opens this; without a session the log-in shows
    // here and the screen follows on the same address.
    path: `${PICKUP_WEB_PATH}/:token`,
    name: 'Ophalen',
    access: PRODUCT_MAKERS,
    load: () => import('../features/reservations/components/pickup-page.tsx').then((m) => ({ default: m.PickupPage })),
  },
  { path: '/resources', name: 'Contentbeheer', access: SUPER, load: loadResources },
  { path: '/resources/:id', name: 'Tekst wijzigen', access: SUPER, load: loadResources },
  {
    path: '/subcategories',
    name: 'Subcategorieën',
    access: SUPER,
    load: () =>
      import('../features/content/components/subcategories-page.tsx').then((m) => ({ default: m.SubcategoriesPage })),
  },
  {
    path: '/subcategories/edit/:subcategoryId',
    name: 'Subcategorie wijzigen',
    access: SUPER,
    load: () =>
      import('../features/content/components/subcategory-edit-page.tsx').then((m) => ({
        default: m.SubcategoryEditPage,
      })),
  },
  { path: '/pages', name: "Webshop pagina's", access: SUPER, load: loadPages },
  { path: '/pages/new/:type', name: 'Nieuwe pagina', access: SUPER, load: loadPages },
  { path: '/pages/:id', name: 'Pagina wijzigen', access: SUPER, load: loadPages },
  {
    path: '/audit-log',
    name: 'Logboek',
    access: ADMINS,
    load: () =>
      import('../features/audit-log/components/audit-log-page.tsx').then((m) => ({ default: m.AuditLogPage })),
  },
  {
    path: '/settings',
    name: 'Instellingen',
    access: SUPER,
    load: () => import('../features/settings/components/settings-page.tsx').then((m) => ({ default: m.SettingsPage })),
  },
];

/** `/workspace/:id` as a pattern: case-insensitive, a trailing slash allowed, as the router matches. */
const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`, 'i');

/**
 * Starts downloading the screen of `pathname` (boot.tsx, on a page opened with a session), so its chunk comes in
 * alongside the router and the shell rather than after them. The static route wins over a parameter (`/product/add`
 * over `/product/:id`), as in the router.
 */
export function preloadScreen(pathname: string): void {
  const matching = screenRoutes.filter((r) => r.load && patternOf(r.path).test(pathname));
  const route = matching.find((r) => !r.path.includes(':')) ?? matching[0];
  void route?.load?.().catch(() => {});
}
