import { MESSAGES } from '@ateliermarkt/contract';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { IconCompass } from './icons.tsx';
import { StatusPage } from './status-page.tsx';

export function NotFoundPage() {
  useDocumentTitle('Niet gevonden');
  return (
    <StatusPage
      title={MESSAGES.notFoundPage}
      message="Deze pagina bestaat niet, of je hebt er geen toegang toe."
      icon={<IconCompass />}
      action={{ label: 'Naar home', to: '/' }}
    />
  );
}
