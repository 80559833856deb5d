/** Query keys of the products feature. */
export const productsKeys = {
  all: ['products'] as const,
  lists: () => [...productsKeys.all, 'list'] as const,
  detail: (id: string) => [...productsKeys.all, 'detail', id] as const,
  featured: () => [...productsKeys.all, 'featured'] as const,
  search: (query: string) => [...productsKeys.all, 'search', query] as const,
  deliveryMethods: () => [...productsKeys.all, 'delivery-methods'] as const,
  mainCategories: () => [...productsKeys.all, 'categories'] as const,
  customCategories: () => [...productsKeys.all, 'custom-categories'] as const,
  settings: () => ['settings'] as const,
};
