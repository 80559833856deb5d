/** Query keys of the content feature (texts, subcategories, pages, FAQs). */
export const contentKeys = {
  all: ['content'] as const,
  resources: () => [...contentKeys.all, 'resources'] as const,
  subcategories: () => [...contentKeys.all, 'subcategories'] as const,
  subcategory: (id: string) => [...contentKeys.subcategories(), id] as const,
  pages: () => [...contentKeys.all, 'pages'] as const,
  faq: (id: string) => [...contentKeys.all, 'faq', id] as const,
};
