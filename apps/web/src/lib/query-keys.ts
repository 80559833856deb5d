/**
 * One shape of query keys for every domain, as Medusa's admin does (`queryKeysFactory`): `all` for everything of the
 * domain (what a mutation invalidates), `lists()`/`list(query)` for lists, `details()`/`detail(id)` for records.
 */
export function queryKeysFactory<const Domain extends string, ListQuery = never, DetailId = string>(domain: Domain) {
  const all = [domain] as const;
  const lists = () => [...all, 'list'] as const;
  const details = () => [...all, 'detail'] as const;
  return {
    all,
    lists,
    list: (query?: ListQuery) => [...lists(), query ?? null] as const,
    details,
    detail: (id: DetailId) => [...details(), id] as const,
  };
}
