import { assertNever, FAQ_IDS, type RoleKind } from '@ateliermarkt/contract';
import type { ReactNode } from 'react';
import {
  IconBox,
  IconCalendar,
  IconHome,
  IconHourglass,
  IconInvoice,
  IconPages,
  IconQuestion,
  IconReceipt,
  IconSettings,
  IconShop,
  IconStar,
  IconTag,
  IconText,
  IconUsers,
} from '../components/icons.tsx';

export type NavItem = {
  label: string;
  to: string;
  icon: ReactNode;
  /** Shows the open-reservations badge. */
  badge?: 'openReservations';
};

/** The main navigation per role. */
export function navItemsFor(kind: RoleKind): NavItem[] {
  const home: NavItem = { label: 'Home', to: '/', icon: <IconHome /> };
  const faq: NavItem = { label: 'Vraag & antwoord', to: '/faq', icon: <IconQuestion /> };
  switch (kind) {
    case 'superAdmin':
      return [
        home,
        { label: 'Contentbeheer', to: '/resources', icon: <IconText /> },
        { label: 'Subcategorieën', to: '/subcategories', icon: <IconTag /> },
        { label: 'Alle beheerders', to: '/admin-overview', icon: <IconUsers /> },
        { label: 'Alle reserveringen', to: '/reservations', icon: <IconCalendar /> },
        { label: 'Afrekeningen', to: '/statements', icon: <IconReceipt /> },
        { label: 'Facturen', to: '/invoices', icon: <IconInvoice /> },
        { label: 'FAQ beheer', to: `/admin-faq/${FAQ_IDS.backOffice}`, icon: <IconQuestion /> },
        { label: 'FAQ webshop', to: `/admin-faq/${FAQ_IDS.shop}`, icon: <IconShop /> },
        { label: "Webshop pagina's", to: '/pages', icon: <IconPages /> },
        { label: 'Uitgelichte producten', to: '/products/featured', icon: <IconStar /> },
        { label: 'Logboek', to: '/audit-log', icon: <IconHourglass /> },
        { label: 'Instellingen', to: '/settings', icon: <IconSettings /> },
      ];
    case 'workshopAdmin':
      return [
        home,
        { label: 'Reserveringen', to: '/reservations', icon: <IconCalendar />, badge: 'openReservations' },
        { label: 'Alle producten', to: '/products', icon: <IconBox /> },
        { label: 'Afrekeningen', to: '/statements', icon: <IconReceipt /> },
        { label: 'Facturen', to: '/invoices', icon: <IconInvoice /> },
        { label: 'Logboek', to: '/audit-log', icon: <IconHourglass /> },
        faq,
      ];
    case 'user':
      return [home, faq];
    default:
      return assertNever(kind, 'role');
  }
}

/** The nav item a path belongs to: exact for Home, otherwise the longest matching prefix. */
export function activeNavPath(items: readonly NavItem[], pathname: string): string | null {
  let best: string | null = null;
  for (const { to } of items) {
    const matches = to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
    if (matches && (best === null || to.length > best.length)) best = to;
  }
  return best;
}
