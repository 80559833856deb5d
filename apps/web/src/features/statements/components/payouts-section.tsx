import { formatDateTime, MESSAGES, PAYOUT_SKIP_REASON_TEXT, type SkippedPayout } from '@ateliermarkt/contract';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ListTable } from '../../../components/data-table.tsx';
import { IconDownload } from '../../../components/icons.tsx';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { useDownloadPayoutFile, usePayouts } from '../api/payouts.ts';
import { RecentIbanChanges } from './iban-recent-badge.tsx';
import { euro } from './statement-parts.tsx';

/**
 * The super admin's payouts of the chosen month: how many transfers and their total, the bank file's
 * download (once the month is over), and every workshop left out of it with the reason (no IBAN, an IBAN that fails
 * the check, nothing to pay).
 */
export function PayoutsSection({ month }: { month: string }) {
  const query = usePayouts(month);
  const download = useDownloadPayoutFile();
  const preview = query.data;
  const ready = Boolean(preview?.monthEnded && preview.platformAccount) && (preview?.numberOfTransfers ?? 0) > 0;
  const downloads = preview?.downloads ?? [];
  const get = (again: boolean) =>
    download.mutateAsync({ month, again }).then(
      () => notifySuccess(MESSAGES.fileDownloaded),
      (error) => notifyFailure(error),
    );
  // A month downloaded before is downloaded again only after a warning: uploading both files pays twice.
  const onDownload = () =>
    downloads.length === 0
      ? get(false)
      : openConfirmDialog({
          key: `payouts-again-${month}`,
          title: MESSAGES.payoutsAgainTitle,
          children: <Text>{MESSAGES.payoutsAgainBody}</Text>,
          confirmLabel: MESSAGES.payoutsAgainConfirm,
          color: 'red',
          onConfirm: () => get(true),
        });

  return (
    <Stack gap="xs" mt="xl" component="section" aria-labelledby="payouts-title">
      <Title order={2} size="h3" id="payouts-title">
        {MESSAGES.payoutsTitle}
      </Title>
      <Text c="dimmed" fz="sm">
        {MESSAGES.payoutsIntro}
      </Text>
      {preview && !preview.monthEnded && (
        <Alert color="gray" variant="light">
          {MESSAGES.payoutMonthNotOver}
        </Alert>
      )}
      {preview && !preview.platformAccount && (
        <Alert color="yellow" variant="light">
          {MESSAGES.payoutAccountMissing}
        </Alert>
      )}
      {preview?.platformAccount && preview.numberOfTransfers === 0 && (
        <Alert color="gray" variant="light">
          {MESSAGES.payoutNothingToPay}
        </Alert>
      )}
      {downloads.length > 0 && (
        <Alert color="orange" variant="light">
          <Stack gap={4}>
            {downloads.map((d) => (
              <Text key={d.messageId} fz="sm">
                {MESSAGES.payoutsDownloadedBefore(
                  formatDateTime(d.downloadedAt),
                  d.downloadedBy ?? MESSAGES.payoutsDownloaderUnknown,
                )}{' '}
                {MESSAGES.payoutsDownloadSummary(d.numberOfTransfers, euro(d.totalCents))}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Group gap="md" wrap="wrap">
        <Button leftSection={<IconDownload />} loading={download.isPending} disabled={!ready} onClick={onDownload}>
          {MESSAGES.payoutsDownload}
        </Button>
        {preview && preview.numberOfTransfers > 0 && (
          <Text fz="sm">{MESSAGES.payoutsSummary(preview.numberOfTransfers, euro(preview.totalCents))}</Text>
        )}
      </Group>
      <RecentIbanChanges transfers={preview?.transfers} />
      <Title order={3} size="h4" id="payouts-skipped-title" mt="sm">
        {MESSAGES.payoutsSkippedTitle}
      </Title>
      <ListTable<SkippedPayout>
        labelledBy="payouts-skipped-title"
        records={preview?.skipped}
        loading={query.isPending}
        error={query.error}
        onRetry={() => query.refetch()}
        emptyText={MESSAGES.payoutsNoneSkipped}
        idAccessor="tenantId"
        rowName={(s) => s.workshopName}
        columns={[
          { accessor: 'workshopName', title: MESSAGES.payoutsColumnWorkshop },
          {
            accessor: 'creditorNumber',
            title: MESSAGES.payoutsColumnCreditor,
            priority: 2,
            render: (s) => s.creditorNumber ?? '—',
          },
          {
            accessor: 'netCents',
            title: MESSAGES.payoutsColumnNet,
            textAlign: 'right',
            noWrap: true,
            render: (s) => euro(s.netCents),
          },
          { accessor: 'reason', title: MESSAGES.payoutsColumnReason, render: (s) => PAYOUT_SKIP_REASON_TEXT[s.reason] },
        ]}
      />
    </Stack>
  );
}
