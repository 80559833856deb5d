/**
 * The Logboek's filters and page in its URL, so a link or a reload shows the same entries: `gebruiker`, `atelier`,
 * `soort`, `van`, `tot`, `pagina`. Empty values are left out; a value that cannot be read is ignored.
 */
import { AUDIT_KINDS, type AuditFilters, type AuditKind } from '@ateliermarkt/contract';

export type AuditListState = {
  user: string;
  tenantId: string;
  kind: AuditKind | '';
  from: string;
  to: string;
  page: number;
};

const PARAMS = {
  user: 'gebruiker',
  tenantId: 'atelier',
  kind: 'soort',
  from: 'van',
  to: 'tot',
  page: 'pagina',
} as const;
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

export function readAuditState(params: URLSearchParams): AuditListState {
  const get = (key: keyof typeof PARAMS) => params.get(PARAMS[key])?.trim() ?? '';
  const kind = AUDIT_KINDS.find((k) => k === get('kind')) ?? '';
  const page = Number.parseInt(get('page'), 10);
  return {
    user: get('user').slice(0, 100),
    tenantId: isUuid(get('tenantId')) ? get('tenantId') : '',
    kind,
    from: isDay(get('from')) ? get('from') : '',
    to: isDay(get('to')) ? get('to') : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function writeAuditState(state: AuditListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(PARAMS) as (keyof typeof PARAMS)[]) {
    const value = key === 'page' ? (state.page > 1 ? String(state.page) : '') : state[key];
    if (value) params.set(PARAMS[key], value);
  }
  return params;
}

/** A change of any filter starts again at page 1. */
export function changeAuditState(state: AuditListState, change: Partial<AuditListState>): AuditListState {
  return { ...state, ...change, page: change.page ?? 1 };
}

/** What the server is asked: the filters without empty values (a `to` before `from` is left out, not sent). */
export function auditFilters(state: AuditListState): AuditFilters {
  const backwards = state.from && state.to && state.from > state.to;
  return {
    ...(state.user.trim() ? { user: state.user.trim() } : {}),
    ...(state.tenantId ? { tenantId: state.tenantId } : {}),
    ...(state.kind ? { kind: state.kind } : {}),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to && !backwards ? { to: state.to } : {}),
  };
}
