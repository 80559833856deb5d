import { DEFAULT_PAGE_TITLE, PRODUCT_NAME } from '@ateliermarkt/contract';
import { useEffect } from 'react';

export function pageTitle(name?: string): string {
  return name ? `${name} | ${PRODUCT_NAME}` : DEFAULT_PAGE_TITLE;
}

/** Sets the document title while the screen is shown; no name gives the default welcome title. */
export function useDocumentTitle(name?: string): void {
  useEffect(() => {
    document.title = pageTitle(name);
  }, [name]);
}
