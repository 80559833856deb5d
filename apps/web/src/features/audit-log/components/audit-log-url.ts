/**
 * The Logboek's filters and page in its address (components/list-state.ts), so a link or a reload shows the same
 * entries: `gebruiker`, `atelier`, `soort`, `van`, `tot`, `pagina`. The days and the workshop are read with the
 * contract's own filter schemas.
 */
import { type AuditFilters, type AuditKind, auditFilterFields } from '@ateliermarkt/contract';
import {
  choiceParam,
  defineList,
  type ListStateOf,
  pageParam,
  schemaParam,
  textParam,
} from '../../../components/list-state.ts';

/** The kinds' words in the address (earlier addresses had the codes: `soort=login`). */
const KINDS: Record<string, AuditKind> = {
  inloggen: 'login',
  beveiliging: 'security',
  gebruikers: 'users',
  atelier: 'workshop',
  instellingen: 'settings',
  downloads: 'download',
  betalingen: 'payment',
  reserveringen: 'reservation',
  inhoud: 'content',
};

export const AUDIT_LIST = defineList({
  user: textParam('gebruiker', 100),
  tenantId: schemaParam('atelier', auditFilterFields.tenantId.unwrap()),
  kind: choiceParam<AuditKind, ''>('soort', KINDS, ''),
  from: schemaParam('van', auditFilterFields.from.unwrap()),
  to: schemaParam('tot', auditFilterFields.to.unwrap()),
  page: pageParam(),
});

export type AuditListState = ListStateOf<typeof AUDIT_LIST>;

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
