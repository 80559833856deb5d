import {
  IMPORT_MESSAGES,
  IMPORT_ROW_STATUSES,
  IMPORT_STATUS_LABELS,
  type ImportResult,
  roleKindOf,
} from '@ateliermarkt/contract';
import { Alert, Anchor, Button, FileInput, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { IconArrowLeft, IconUpload } from '../../../components/icons.tsx';
import { notifyFailure } from '../../../components/notify.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useMyProfile } from '../../../lib/current-user.ts';
import { useImportProducts } from '../api/product-sheet.ts';
import { ImportPreviewTable, ImportStatusBadge } from './import-preview-table.tsx';

type Chosen = { file: File | null; photos: File | null };
type Stage = { kind: 'choose' } | { kind: 'preview'; result: ImportResult } | { kind: 'done'; result: ImportResult };

/** Upload progress, then the server's checking of every row (no fraction for that: a moving bar). */
function Busy({ fraction }: { fraction: number }) {
  const sending = fraction < 1;
  const label = sending ? `Bestanden versturen… ${Math.round(fraction * 100)}%` : 'Rijen controleren…';
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Text size="sm">{label}</Text>
      <Progress value={sending ? fraction * 100 : 100} animated={!sending} striped={!sending} aria-label={label} />
    </Stack>
  );
}

function Counts({ result }: { result: ImportResult }) {
  return (
    <Group gap="xs">
      {IMPORT_ROW_STATUSES.map((s) => (
        <Group key={s} gap={4} wrap="nowrap">
          <ImportStatusBadge status={s} />
          <Text size="sm" fw={600} aria-label={`${IMPORT_STATUS_LABELS[s]}: ${result.counts[s]}`}>
            {result.counts[s]}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/** 'Producten importeren' — choose the files, see what each row would do, import, see what was done. */
export function ProductImportPage() {
  const profile = useMyProfile();
  const admin = profile.data ? roleKindOf(profile.data) === 'workshopAdmin' : false;
  const [files, setFiles] = useState<Chosen>({ file: null, photos: null });
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const [fraction, setFraction] = useState(0);
  const send = useImportProducts();

  async function run(dryRun: boolean, newCategories: string[]) {
    const { file, photos } = files;
    if (!file) return;
    setFraction(0);
    try {
      const result = await send.mutateAsync({ file, photos, dryRun, newCategories, onProgress: setFraction });
      setStage(dryRun ? { kind: 'preview', result } : { kind: 'done', result });
    } catch (error) {
      notifyFailure(error);
    }
  }

  const restart = () => {
    setFiles({ file: null, photos: null });
    setStage({ kind: 'choose' });
  };
  const detailOf = (id: string) => (admin ? `/product/admin-detail/${id}` : `/product/detail/${id}`);

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title="Producten importeren"
        description="Voeg producten toe of wijzig ze in één keer met een spreadsheet. Begin met een export van je producten: dan staan de kolommen goed. Een rij met een code wijzigt dat product, een rij zonder code wordt een nieuw product."
      />
      <Anchor component={Link} to="/products" size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft />
          Terug naar alle producten
        </Group>
      </Anchor>

      {stage.kind === 'choose' && (
        <Paper withBorder p="md">
          <Stack gap="md">
            <FileInput
              label="Spreadsheet"
              description="Een Excel-bestand (.xlsx) of CSV (UTF-8, komma of puntkomma) met de kolomnamen in de eerste rij."
              placeholder="Kies een bestand"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={files.file}
              onChange={(file) => setFiles((f) => ({ ...f, file }))}
              withAsterisk
              clearable
            />
            <FileInput
              label="Foto's (optioneel)"
              description="Een .zip met JPEG-foto's; de kolom Foto's noemt ze bij bestandsnaam, gescheiden door een puntkomma."
              placeholder="Kies een .zip-bestand"
              accept=".zip,application/zip"
              value={files.photos}
              onChange={(photos) => setFiles((f) => ({ ...f, photos }))}
              clearable
            />
            {send.isPending ? (
              <Busy fraction={fraction} />
            ) : (
              <Group>
                <Button leftSection={<IconUpload />} disabled={!files.file} onClick={() => run(true, [])}>
                  Voorbeeld bekijken
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      )}

      {stage.kind === 'preview' && (
        <Stack gap="md">
          <Title order={2} fz="lg">
            Voorbeeld: {files.file?.name}
          </Title>
          <Text size="sm">Er is nog niets opgeslagen. Kijk per rij wat er gebeurt, en kies dan Importeren.</Text>
          {stage.result.fileErrors.length > 0 && (
            <Alert color="red" title="Dit bestand kan zo niet worden geïmporteerd">
              <List size="sm">
                {stage.result.fileErrors.map((e) => (
                  <List.Item key={e}>{e}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Counts result={stage.result} />
          {stage.result.newCustomCategories.length > 0 && (
            <Alert color="blue" title="Nieuwe eigen categorieën">
              Bij het importeren worden deze categorieën aangemaakt: {stage.result.newCustomCategories.join(', ')}.
            </Alert>
          )}
          {stage.result.counts.refused > 0 && (
            <Text size="sm">
              Geweigerde rijen worden overgeslagen; pas ze aan en importeer het bestand later opnieuw.
            </Text>
          )}
          {send.isPending ? (
            <Busy fraction={fraction} />
          ) : (
            <Group>
              <Button
                onClick={() => run(false, stage.result.newCustomCategories)}
                disabled={
                  stage.result.fileErrors.length > 0 || stage.result.counts.new + stage.result.counts.changed === 0
                }
              >
                Importeren
              </Button>
              <Button variant="default" onClick={restart}>
                Ander bestand kiezen
              </Button>
            </Group>
          )}
          <ImportPreviewTable rows={stage.result.rows} label="Voorbeeld van de import per rij" />
        </Stack>
      )}

      {stage.kind === 'done' && (
        <Stack gap="md">
          <Alert color="green" title="Import voltooid">
            {IMPORT_MESSAGES.importDone(stage.result.counts.new, stage.result.counts.changed)}
            {stage.result.counts.refused > 0 && ` ${IMPORT_MESSAGES.importSkipped(stage.result.counts.refused)}`}
          </Alert>
          <Counts result={stage.result} />
          {stage.result.counts.new + stage.result.counts.changed > 0 && (
            <Stack gap={4}>
              <Title order={2} fz="lg">
                Toegevoegd en gewijzigd
              </Title>
              <List size="sm" spacing={4}>
                {stage.result.rows
                  .filter((r) => (r.status === 'new' || r.status === 'changed') && r.productId)
                  .map((r) => (
                    <List.Item key={r.row}>
                      <Anchor
                        component={Link}
                        to={detailOf(r.productId as string)}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {r.name ?? `Rij ${r.row}`}
                      </Anchor>{' '}
                      <Text span size="sm" c="dimmed">
                        ({IMPORT_STATUS_LABELS[r.status].toLowerCase()}, rij {r.row})
                      </Text>
                    </List.Item>
                  ))}
              </List>
            </Stack>
          )}
          <Group>
            <Button variant="default" onClick={restart}>
              Nog een bestand importeren
            </Button>
            <Button component={Link} to="/products" variant="subtle">
              Naar alle producten
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
