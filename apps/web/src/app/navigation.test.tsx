import { FAQ_IDS } from '@ateliermarkt/contract';
import { describe, expect, it } from 'vitest';
import { activeNavPath, navItemsFor } from './navigation.tsx';

const labels = (kind: Parameters<typeof navItemsFor>[0]) => navItemsFor(kind).map((i) => [i.label, i.to]);

describe('navigation per role', () => {
  it('super admin manages the platform and has no Q&A', () => {
    expect(labels('superAdmin')).toEqual([
      ['Home', '/'],
      ['Contentbeheer', '/resources'],
      ['Subcategorieën', '/subcategories'],
      ['Alle beheerders', '/admin-overview'],
      ['Alle reserveringen', '/reservations'],
      ['Afrekeningen', '/statements'],
      ['Facturen', '/invoices'],
      ['FAQ beheer', `/admin-faq/${FAQ_IDS.backOffice}`],
      ['FAQ webshop', `/admin-faq/${FAQ_IDS.shop}`],
      ["Webshop pagina's", '/pages'],
      ['Uitgelichte producten', '/products/featured'],
      ['Logboek', '/audit-log'],
      ['Instellingen', '/settings'],
    ]);
  });

  it('workshop admin sees reservations with the badge, products and Q&A', () => {
    expect(labels('workshopAdmin')).toEqual([
      ['Home', '/'],
      ['Reserveringen', '/reservations'],
      ['Alle producten', '/products'],
      ['Afrekeningen', '/statements'],
      ['Facturen', '/invoices'],
      ['Logboek', '/audit-log'],
      ['Vraag & antwoord', '/faq'],
    ]);
    expect(navItemsFor('workshopAdmin')[1]?.badge).toBe('openReservations');
  });

  it('plain user sees Home and Q&A', () => {
    expect(labels('user')).toEqual([
      ['Home', '/'],
      ['Vraag & antwoord', '/faq'],
    ]);
  });

  it('marks the most specific item active', () => {
    const items = navItemsFor('superAdmin');
    expect(activeNavPath(items, '/')).toBe('/');
    expect(activeNavPath(items, '/products/featured')).toBe('/products/featured');
    expect(activeNavPath(items, '/reservations/123')).toBe('/reservations');
    expect(activeNavPath(items, '/profile/edit')).toBeNull();
  });
});
