/**
 * A list screen's state in its address, in one dialect for every list (docs/lists.md): Dutch parameter names
 * (`zoek`, `status`, `van`, `tot`, `pagina`, …), Dutch words for values (`status=afgerond`), one sort parameter
 * `sorteer=<kolom>-<oplopend|aflopend>`. A default is left out of the address, a value that cannot be read is the
 * default, and a change of anything but the page starts again at page 1. Each screen declares its parameters once
 * with `defineList`; `useListState` reads them from the address and writes them back (a history entry per change,
 * so the back button goes to the list before).
 *
 * The dialect of earlier addresses (a bookmark, a link in a mail) is read here, once for every screen: a renamed
 * parameter (`toon` → `status`), a sort in English (`sorteer=amount-desc`, `sorteer=price-aflopend`) and a choice
 * by its code (`soort=login`). Such an address shows the same list and is then replaced by its new form.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import type { ListSort } from './data-table.tsx';

/** One parameter of a list's address. */
export type ListParam<T> = {
  /** Its name in the address. */
  name: string;
  /** The value when the address does not name it, or names something this parameter cannot read. */
  fallback: T;
  read: (text: string) => T | undefined;
  /** The value as earlier addresses wrote it; read, then written in the new form. */
  readFormer?: (text: string) => T | undefined;
  /** Its text in the address; '' leaves the parameter out. */
  write: (value: T) => string;
  /** The page: set back to its fallback by a change of anything else. */
  isPage?: true;
};

export type ListDefinition<S> = {
  params: { [K in keyof S]: ListParam<S[K]> };
  /** Parameter names of earlier addresses and the names they have now. */
  formerNames: Record<string, string>;
  /** A rule over several parameters (a date range that ends before it starts keeps its start only). */
  tidy: (state: S) => S;
};

export function defineList<S>(
  params: { [K in keyof S]: ListParam<S[K]> },
  options: { formerNames?: Record<string, string>; tidy?: (state: S) => S } = {},
): ListDefinition<S> {
  return { params, formerNames: options.formerNames ?? {}, tidy: options.tidy ?? ((state) => state) };
}

const keysOf = <S>(list: ListDefinition<S>) => Object.keys(list.params) as (keyof S)[];

/** The state an address shows, and whether the address was in the earlier dialect (then it is written anew). */
export function readList<S>(list: ListDefinition<S>, params: URLSearchParams): { state: S; former: boolean } {
  let former = false;
  const textOf = (name: string) => {
    const text = params.get(name);
    if (text !== null) return text;
    const formerName = Object.keys(list.formerNames).find((old) => list.formerNames[old] === name && params.has(old));
    if (formerName === undefined) return null;
    former = true;
    return params.get(formerName);
  };
  const state = {} as S;
  for (const key of keysOf(list)) {
    const param = list.params[key];
    const text = textOf(param.name);
    let value = text === null ? undefined : param.read(text);
    if (value === undefined && text !== null && param.readFormer) {
      value = param.readFormer(text);
      if (value !== undefined) former = true;
    }
    state[key] = value === undefined ? param.fallback : value;
  }
  return { state: list.tidy(state), former };
}

/** The address of a state: the parameters that differ from their default, in the definition's order. */
export function writeList<S>(list: ListDefinition<S>, state: S): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of keysOf(list)) {
    const param = list.params[key];
    const text = param.write(state[key]);
    if (text && text !== param.write(param.fallback)) params.set(param.name, text);
  }
  return params;
}

/** The query of a link to the list with these values and every other at its default. */
export function listQuery<S>(list: ListDefinition<S>, values: Partial<S>): string {
  return writeList(list, { ...readList(list, new URLSearchParams()).state, ...values }).toString();
}

/** A change of the list: anything but the page itself starts again at page 1. */
export function changeList<S>(list: ListDefinition<S>, state: S, change: Partial<S>): S {
  const next = { ...state };
  for (const key of keysOf(list)) if (list.params[key].isPage) next[key] = list.params[key].fallback;
  return { ...next, ...change };
}

export type ListUpdate<S> = (change: Partial<S>, options?: { replace?: boolean }) => void;

/**
 * The list's state from the address, `update` to change part of it, and `searchNow` for a link away that keeps the
 * list's state (a row's dialog). `replace: true` changes the history entry instead of adding one (a search while
 * typing). Two changes in quick succession both count: the second starts from what the first wrote, even before the
 * screen shows it; and `searchNow` is that written query too while the screen has not shown it yet (otherwise the
 * address shown), so a row clicked right after a tab, before the screen has rendered the tab, does not take the list
 * back to the tab before.
 */
export function useListState<S>(list: ListDefinition<S>): [S, ListUpdate<S>, () => string] {
  const location = useLocation();
  const navigate = useNavigate();
  // One state object per address: what receives it (a list's filters, memoised) renders again only when it changes.
  const { state, former, canonical } = useMemo(() => {
    const read = readList(list, new URLSearchParams(location.search));
    return { ...read, canonical: writeList(list, read.state).toString() };
  }, [list, location.search]);
  // The address the screen has committed, and what a change wrote that it has not shown yet. Both follow commits, not
  // renders: React Router renders in a transition, which can be interrupted and thrown away.
  const shown = useRef(location.search);
  const pending = useRef<{ at: string; next: string } | null>(null);
  useLayoutEffect(() => {
    shown.current = location.search;
    // Once the screen shows what was written, the address is the truth again (back to this very address later must
    // not bring the written query back).
    if (pending.current?.next === location.search) pending.current = null;
  }, [location.search]);
  const searchNow = useCallback(() => {
    const written = pending.current;
    return written && written.at === shown.current ? written.next : shown.current;
  }, []);

  useEffect(() => {
    if (former) navigate({ search: canonical ? `?${canonical}` : '' }, { replace: true });
  }, [former, canonical, navigate]);

  const update = useCallback<ListUpdate<S>>(
    (change, options) => {
      const base = searchNow();
      const next = writeList(list, changeList(list, readList(list, new URLSearchParams(base)).state, change));
      const search = next.size ? `?${next}` : '';
      pending.current = { at: shown.current, next: search };
      navigate({ search }, { replace: options?.replace ?? false });
    },
    [list, navigate, searchNow],
  );
  return [state, update, searchNow];
}

// The kinds of parameter. Each reads with a zod schema or a table of words, and writes back what it read.

/** Free text (a search): at most `max` characters, read as typed; blank is no text. */
export function textParam(name: string, max: number): ListParam<string> {
  return { name, fallback: '', read: (text) => text.slice(0, max), write: (value) => (value.trim() ? value : '') };
}

/** A text the schema accepts as it is (a day, a month, an id); anything else is none (''). */
export function schemaParam(name: string, schema: z.ZodType<string>): ListParam<string> {
  return {
    name,
    fallback: '',
    read: (text) => (schema.safeParse(text).success ? text : undefined),
    write: (value) => value,
  };
}

const pageNumber = z.coerce.number().int().min(1);

/** The page, from 1. */
export function pageParam(name = 'pagina'): ListParam<number> {
  return {
    name,
    fallback: 1,
    isPage: true,
    read: (text) => {
      const page = pageNumber.safeParse(text);
      return page.success ? page.data : undefined;
    },
    write: String,
  };
}

const wordOf = <V>(words: Record<string, V>, value: V) => Object.keys(words).find((word) => words[word] === value);

/**
 * One of a few values, each with its Dutch word in the address (`{ afgerond: 'closed' }`); `fallback` when none is
 * named (undefined or '': no choice). The value's own code (`closed`) is read as the earlier form.
 */
export function choiceParam<V, F>(name: string, words: Record<string, V>, fallback: F): ListParam<V | F> {
  const values = Object.values(words);
  return {
    name,
    fallback,
    read: (text) => (Object.hasOwn(words, text) ? words[text] : undefined),
    readFormer: (text) => values.find((value) => String(value) === text),
    write: (value) => wordOf(words, value as V) ?? '',
  };
}

const DIRECTION_WORDS = { oplopend: 'asc', aflopend: 'desc' } as const;
const FORMER_DIRECTIONS: Record<string, 'asc' | 'desc'> = { ...DIRECTION_WORDS, asc: 'asc', desc: 'desc' };

/**
 * The sorting, `sorteer=<column's word>-<oplopend|aflopend>` (`sorteer=bedrag-aflopend`). Earlier addresses named
 * the column by its code and the direction in either language (`amount-desc`, `price-aflopend`).
 */
export function sortParam<F extends string>(
  columns: Record<string, F>,
  fallback: ListSort<F>,
  name = 'sorteer',
): ListParam<ListSort<F>> {
  const split = (text: string) => {
    const at = text.lastIndexOf('-');
    return at < 0 ? ['', ''] : [text.slice(0, at), text.slice(at + 1)];
  };
  const codes = Object.values(columns);
  return {
    name,
    fallback,
    read: (text) => {
      const [word = '', direction = ''] = split(text);
      const column = Object.hasOwn(columns, word) ? columns[word] : undefined;
      const dir = Object.hasOwn(DIRECTION_WORDS, direction)
        ? DIRECTION_WORDS[direction as keyof typeof DIRECTION_WORDS]
        : undefined;
      return column && dir ? { columnAccessor: column, direction: dir } : undefined;
    },
    readFormer: (text) => {
      const [code = '', direction = ''] = split(text);
      const column = codes.find((c) => c === code);
      const dir = Object.hasOwn(FORMER_DIRECTIONS, direction) ? FORMER_DIRECTIONS[direction] : undefined;
      return column && dir ? { columnAccessor: column, direction: dir } : undefined;
    },
    write: ({ columnAccessor, direction }) =>
      `${wordOf(columns, columnAccessor) ?? ''}-${direction === 'asc' ? 'oplopend' : 'aflopend'}`,
  };
}

/** A day, YYYY-MM-DD, that exists. */
export const DAY = z.iso.date();
/** A month, YYYY-MM. */
export const MONTH = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

export type ListStateOf<L> = L extends ListDefinition<infer S> ? S : never;
