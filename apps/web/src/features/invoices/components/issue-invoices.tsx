import { INVOICE_KIND_NAMES, INVOICE_MESSAGES, type IssueInvoicesResult } from '@ateliermarkt/contract';
import { Alert, Anchor, Button, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyFailure } from '../../../components/notify.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useIssueInvoices } from '../api/invoices.ts';
import { invoiceMonthLabel } from './invoice-months.ts';

export type IssueOutcome = { month: string } & ({ result: IssueInvoicesResult } | { refused: string });

export type IssueInvoicesProps = { month: string; onOutcome: (outcome: IssueOutcome) => void };

/**
 * 'Facturen uitgeven' (super admin): after a confirmation, issues what the month still lacks. Safe to repeat; what
 * was issued is listed under the button. The 409 of missing platform data links to 'Instellingen'.
 */
export function IssueInvoicesButton({ month, onOutcome }: IssueInvoicesProps) {
  const issue = useIssueInvoices();
  const label = invoiceMonthLabel(month);
  const ask = () =>
    openConfirmDialog({
      key: `issue-invoices-${month}`,
      title: `Facturen van ${label} uitgeven?`,
      confirmLabel: 'Facturen uitgeven',
      children: (
        <Text>
          Elk atelier met commissie in {label} krijgt een genummerde factuur, en een creditnota voor wat in {label} is
          gecrediteerd. Wat al is uitgegeven blijft zoals het is. Een uitgegeven factuur kan niet meer worden gewijzigd.
        </Text>
      ),
      onConfirm: () =>
        issue.mutateAsync(month).then(
          (result) => onOutcome({ month, result }),
          (error: unknown) => {
            if (error instanceof ApiError && error.status === 409) onOutcome({ month, refused: errorMessage(error) });
            else notifyFailure(error);
          },
        ),
    });
  return (
    <Button onClick={ask} loading={issue.isPending}>
      Facturen uitgeven
    </Button>
  );
}

export type IssueOutcomeAlertProps = { outcome: IssueOutcome; onClose: () => void };

/** What issuing did: the numbers issued, nothing new, or why it was refused. */
export function IssueOutcomeAlert({ outcome, onClose }: IssueOutcomeAlertProps) {
  const label = invoiceMonthLabel(outcome.month);
  if ('refused' in outcome)
    return (
      <Alert
        color="red"
        role="alert"
        title="Niet uitgegeven"
        withCloseButton
        closeButtonLabel="Sluiten"
        onClose={onClose}
      >
        <Text>{outcome.refused}</Text>
        {outcome.refused === INVOICE_MESSAGES.platformNotSet && (
          <Anchor component={Link} to="/settings">
            Naar Instellingen
          </Anchor>
        )}
      </Alert>
    );
  const { issued } = outcome.result;
  return (
    <Alert
      color="green"
      role="status"
      title={issued.length ? `${issued.length} uitgegeven over ${label}` : 'Niets nieuws uitgegeven'}
      withCloseButton
      closeButtonLabel="Sluiten"
      onClose={onClose}
    >
      {issued.length ? (
        <List size="sm">
          {issued.map((i) => (
            <List.Item key={i.id}>
              {INVOICE_KIND_NAMES[i.kind]} {i.number} aan {i.workshopName}
            </List.Item>
          ))}
        </List>
      ) : (
        <Text fz="sm">Alles van {label} was al uitgegeven.</Text>
      )}
    </Alert>
  );
}
