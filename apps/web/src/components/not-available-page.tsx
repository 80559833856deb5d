import { MESSAGES } from '@ateliermarkt/contract';
import { IconHourglass } from './icons.tsx';
import { StatusPage } from './status-page.tsx';

export type NotAvailablePageProps = { name: string };

/** Stands in for a screen that is not built yet, so a route never shows a blank page. */
export function NotAvailablePage({ name }: NotAvailablePageProps) {
  return (
    <StatusPage
      title={name}
      message={MESSAGES.notAvailableYet}
      icon={<IconHourglass />}
      action={{ label: 'Terug naar home', to: '/' }}
    />
  );
}
