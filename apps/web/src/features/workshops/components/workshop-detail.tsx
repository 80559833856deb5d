import { formatDay, formatIban, MESSAGES, PROVINCES, WORKSHOP_LABELS, type Workshop } from '@ateliermarkt/contract';
import { Badge, Button, Divider, Group, Image, Paper, SimpleGrid, Stack, Text, Title, Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { IconArrowLeft, IconPencil } from '../../../components/icons.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useWorkshop } from '../api/get-workshop.ts';
import { HolidayBadge } from './workshop-payout-holiday.tsx';
import { useTitleFocusAfterSave } from './workshop-title-focus.ts';

export type WorkshopDetailProps = { id: string; isSuperAdmin: boolean };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: 0.5 }}>
        {label}
      </Text>
      <Text component="div">
        {children || (
          <Text span c="dimmed">
            Niet ingevuld
          </Text>
        )}
      </Text>
    </Stack>
  );
}

export function addressLines(w: Workshop): string[] {
  const street = [w.street, w.streetNumber].filter(Boolean).join(' ');
  const city = [w.zipCode, w.city].filter(Boolean).join('  ');
  return [street, city, w.province && (PROVINCES as readonly string[]).includes(w.province) ? w.province : ''].filter(
    Boolean,
  );
}

/** The workshop's detail (TenantDetail): photo, name, description, address, opening times; the numbers for the super admin. */
export function WorkshopDetail({ id, isSuperAdmin }: WorkshopDetailProps) {
  const query = useWorkshop({ id });
  const navigate = useNavigate();
  const title = useTitleFocusAfterSave(query.isSuccess);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  const w = query.data;
  const label = WORKSHOP_LABELS.find((l) => l.id === w.label)?.name ?? 'Geen';
  const address = addressLines(w);

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 26, sm: 32 }} ref={title} tabIndex={-1} style={{ outlineOffset: 4 }}>
            {w.name}
          </Title>
          <Group gap="xs">
            <Badge variant="light" color={w.isPublished ? 'green' : 'gray'}>
              {w.isPublished ? 'Gepubliceerd' : 'Offline'}
            </Badge>
            {w.isFeatured && (
              <Badge variant="light" color="terracotta">
                Uitgelicht
              </Badge>
            )}
            <Badge variant="outline" color="gray">
              Label: {label}
            </Badge>
          </Group>
        </Stack>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconArrowLeft />} onClick={() => navigate(-1)}>
            Terug
          </Button>
          <Button
            component={Link}
            to={isSuperAdmin ? `/workspace/${w.id}/edit` : '/workspace'}
            leftSection={<IconPencil />}
          >
            Wijzigen
          </Button>
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          {w.mainImage ? (
            <Image src={w.mainImage.fileMedium} alt={`Foto van ${w.name}`} h={300} fit="cover" />
          ) : (
            <Stack h={300} justify="center" align="center" bg="gray.1">
              <Text c="dimmed">Nog geen foto</Text>
            </Stack>
          )}
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="md">
            <Fact label="Adres">{address.length ? address.map((l) => <div key={l}>{l}</div>) : null}</Fact>
            <Fact label="Openingstijden">
              {w.openingTimes ? <span style={{ whiteSpace: 'pre-line' }}>{w.openingTimes}</span> : null}
            </Fact>
            <SimpleGrid cols={2}>
              <Fact label="E-mailadres">{w.email ? <a href={`mailto:${w.email}`}>{w.email}</a> : null}</Fact>
              <Fact label="Telefoon">{w.phone}</Fact>
            </SimpleGrid>
            <Divider />
            <SimpleGrid cols={2}>
              <Fact label="IBAN">
                {w.iban ? (
                  <>
                    <div>{formatIban(w.iban)}</div>
                    <Text fz="sm">{w.ibanHolder}</Text>
                  </>
                ) : null}
              </Fact>
              <Fact label={MESSAGES.holiday}>
                {w.holiday ? (
                  <Stack gap={4} align="flex-start">
                    <Group gap={6}>
                      {MESSAGES.holidayPeriod(formatDay(w.holiday.from), formatDay(w.holiday.to))}
                      <HolidayBadge holiday={w.holiday} />
                    </Group>
                    <Text fz="sm">{w.holiday.message}</Text>
                  </Stack>
                ) : null}
              </Fact>
            </SimpleGrid>
            {isSuperAdmin && (
              <>
                <Divider />
                <SimpleGrid cols={2}>
                  <Fact label="Crediteurnummer">{w.creditorNumber}</Fact>
                  <Fact label="Debiteurnummer">{w.debtorNumber}</Fact>
                </SimpleGrid>
              </>
            )}
          </Stack>
        </Paper>
      </SimpleGrid>

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Title order={2} fz="lg" mb="sm">
          Over het atelier
        </Title>
        {w.description ? (
          <Typography>
            {/* Sanitised by the server on save. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised rich text */}
            <div dangerouslySetInnerHTML={{ __html: w.description }} />
          </Typography>
        ) : (
          <Text c="dimmed">Er is nog geen omschrijving.</Text>
        )}
      </Paper>

      {w.teamImage && (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <Image src={w.teamImage.fileMedium} alt={`Het team van ${w.name}`} mah={360} fit="cover" />
        </Paper>
      )}
    </Stack>
  );
}
