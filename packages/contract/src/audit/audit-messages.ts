import type { AuditKind } from './audit-log.schema.ts';

/** The Logboek's Dutch texts: only its screen and its export load them. */
export const AUDIT_MESSAGES = {
  title: 'Logboek',
  intro:
    'Wie deed wat, wanneer en vanaf welk adres. Het logboek kan niet worden gewijzigd of verwijderd en wordt even lang bewaard als de facturen (7 jaar).',
  filterUser: 'Gebruiker',
  filterUserPlaceholder: 'Naam, gebruikersnaam of e-mail',
  filterWorkshop: 'Atelier',
  filterWorkshopAll: 'Alle ateliers',
  filterKind: 'Soort',
  filterKindAll: 'Alle soorten',
  filterFrom: 'Vanaf',
  filterTo: 'Tot en met',
  export: 'Exporteren naar Excel',
  exportFailed: 'Het logboek kon niet worden geëxporteerd',
  empty: 'Geen regels gevonden met deze filters',
  columnAt: 'Wanneer',
  columnWho: 'Wie',
  columnWorkshop: 'Atelier',
  columnWhat: 'Wat',
  columnDetails: 'Details',
  columnIp: 'IP-adres',
  columnUserAgent: 'Browser (user agent)',
  system: 'Systeem',
  fileName: 'logboek.xlsx',
  sheetName: 'Logboek',
} as const;

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  login: 'Inloggen en sessies',
  security: 'Wachtwoord, e-mail en tweestapsverificatie',
  users: 'Gebruikers en rollen',
  workshop: 'Atelier, IBAN en e-mail',
  settings: 'Instellingen en teksten',
  download: 'Exports en downloads',
  payment: 'Betalingen en terugbetalingen',
  reservation: 'Reserveringen',
  content: 'Producten en afbeeldingen',
};

/** Dutch names of the actions the Logboek shows most; any other shows its technical name. */
const ACTION_LABELS: Record<string, string> = {
  login: 'Ingelogd',
  'login.failed': 'Inloggen mislukt (verkeerd wachtwoord)',
  'login.lockout': 'Account geblokkeerd na te veel pogingen',
  'login.locked': 'Inlogpoging op geblokkeerd account',
  logout: 'Uitgelogd',
  'session.end': 'Sessie beëindigd',
  'session.end-all': 'Overal uitgelogd',
  'refresh.reuse-detected': 'Hergebruikt sessietoken: sessies beëindigd',
  'two-factor.enable': 'Tweestapsverificatie aangezet',
  'two-factor.disable': 'Tweestapsverificatie uitgezet',
  'two-factor.recovery-code-used': 'Herstelcode gebruikt',
  'password.change': 'Wachtwoord gewijzigd',
  'password.reset': 'Wachtwoord opnieuw ingesteld',
  'password.reset-request': 'Wachtwoordherstel aangevraagd',
  'profile.email-change': 'Eigen e-mailadres gewijzigd',
  'profile.update': 'Eigen profiel gewijzigd',
  'account.not-me': "'Dit was ik niet' gemeld: sessies beëindigd",
  'user.create': 'Gebruiker toegevoegd',
  'user.update': 'Gebruiker gewijzigd',
  'user.delete': 'Gebruiker verwijderd',
  'workspace.create': 'Atelier aangemaakt',
  'workspace.update': 'Atelier gewijzigd',
  'workspace.delete': 'Atelier verwijderd',
  'settings.update': 'Instellingen gewijzigd',
  download: 'Bestand gedownload',
  'payment.refund-requested': 'Terugbetaling aangevraagd',
  'payment.refunded': 'Terugbetaald',
  'payment.refund-failed': 'Terugbetaling mislukt',
  'reservation.refund-requested': 'Terugbetaling aangevraagd',
};

export function auditActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** One line of what an entry's data says: `field: old → new` for changes, `field: value` otherwise. */
export function auditDetails(data: Record<string, unknown> | null): string {
  if (!data) return '';
  const show = (v: unknown) =>
    v === null || v === undefined || v === '' ? '—' : typeof v === 'string' ? v : JSON.stringify(v);
  return Object.entries(data)
    .map(([key, value]) => {
      if (value && typeof value === 'object' && 'from' in value && 'to' in value)
        return `${key}: ${show((value as { from: unknown }).from)} → ${show((value as { to: unknown }).to)}`;
      return `${key}: ${show(value)}`;
    })
    .join('; ');
}
