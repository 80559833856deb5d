import { type Image, MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES, MESSAGES } from '@ateliermarkt/contract';
import {
  ActionIcon,
  Alert,
  AspectRatio,
  Badge,
  Button,
  FileButton,
  Group,
  Image as MantineImage,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { IconPhoto, IconTrash } from '../../../components/icons.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import type { StepProps } from './wizard-types.ts';

type Upload = { key: string; name: string; progress: number };

const isJpeg = (file: File) => file.type === 'image/jpeg' || /\.jpe?g$/i.test(file.name);

/** Step 3: JPEG photos under 4 MB, at most 8, each with its own progress; the first is the product image. */
export function WizardPhotosStep({ form, onBusyChange }: StepProps & { onBusyChange: (busy: boolean) => void }) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const images = form.getValues().images;
  const room = MAX_PRODUCT_IMAGES - images.length - uploads.length;

  async function add(files: File[]) {
    const found: string[] = [];
    const accepted: File[] = [];
    for (const file of files) {
      if (!isJpeg(file)) found.push(`${file.name}: ${MESSAGES.imageNotJpeg}`);
      else if (file.size > MAX_IMAGE_BYTES) found.push(`${file.name}: ${MESSAGES.imageTooLarge}`);
      else if (accepted.length >= room)
        found.push(`${file.name}: ${MESSAGES.tooManyProductImages(MAX_PRODUCT_IMAGES)}`);
      else accepted.push(file);
    }
    setProblems(found);
    if (!accepted.length) return;
    const batch = accepted.map((file) => ({ key: crypto.randomUUID(), name: file.name, progress: 0, file }));
    setUploads((u) => [...u, ...batch.map(({ key, name }) => ({ key, name, progress: 0 }))]);
    onBusyChange(true);
    await Promise.all(
      batch.map(async ({ key, file }) => {
        try {
          const image: Image = await uploadImage(file, {
            onProgress: (f) => setUploads((u) => u.map((x) => (x.key === key ? { ...x, progress: f } : x))),
          });
          form.setFieldValue('images', (current) => [...current, image]);
        } catch (error) {
          setProblems((p) => [...p, `${file.name}: ${errorMessage(error, MESSAGES.imageUploadFailed)}`]);
        } finally {
          setUploads((u) => u.filter((x) => x.key !== key));
        }
      }),
    );
    onBusyChange(false);
  }

  const remove = (id: string) => form.setFieldValue('images', (current) => current.filter((i) => i.id !== id));
  const makeFirst = (id: string) =>
    form.setFieldValue('images', (current) => [
      ...current.filter((i) => i.id === id),
      ...current.filter((i) => i.id !== id),
    ]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed">
          Alleen JPG, maximaal 4 MB per foto en maximaal {MAX_PRODUCT_IMAGES} foto's. De eerste foto is de productfoto.
        </Text>
        <FileButton onChange={(files) => void add(files)} accept="image/jpeg" multiple disabled={room <= 0}>
          {(props) => (
            <Button {...props} leftSection={<IconPhoto />} disabled={room <= 0}>
              Foto's toevoegen
            </Button>
          )}
        </FileButton>
      </Group>
      {problems.length > 0 && (
        <Alert
          color="red"
          title="Niet alle foto's zijn toegevoegd"
          withCloseButton
          onClose={() => setProblems([])}
          role="alert"
        >
          <Stack gap={2}>
            {problems.map((p) => (
              <Text size="sm" key={p}>
                {p}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {form.errors.images && (
        <Text c="red" size="sm" role="alert">
          {form.errors.images}
        </Text>
      )}
      {images.length === 0 && uploads.length === 0 ? (
        <Paper withBorder radius="md" p="xl" bg="gray.0" style={{ borderStyle: 'dashed' }}>
          <Stack align="center" gap={4} c="dimmed">
            <IconPhoto />
            <Text size="sm">Nog geen foto's. Voeg er een of meer toe met de knop hierboven.</Text>
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {images.map((image, i) => (
            <Paper key={image.id} withBorder radius="md" style={{ overflow: 'hidden' }}>
              <AspectRatio ratio={1}>
                <MantineImage src={image.thumbnail} alt={`Foto ${i + 1}`} fit="cover" />
              </AspectRatio>
              <Group justify="space-between" p={6} gap={4}>
                {i === 0 ? (
                  <Badge size="sm" variant="light">
                    Productfoto
                  </Badge>
                ) : (
                  <Button size="compact-xs" variant="subtle" onClick={() => makeFirst(image.id)}>
                    Maak productfoto
                  </Button>
                )}
                <Tooltip label="Verwijderen">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Foto ${i + 1} verwijderen`}
                    onClick={() => remove(image.id)}
                  >
                    <IconTrash />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Paper>
          ))}
          {uploads.map((u) => (
            <Paper key={u.key} withBorder radius="md" p="sm">
              <AspectRatio ratio={1}>
                <Stack justify="center" gap={6}>
                  <Text size="xs" truncate>
                    {u.name}
                  </Text>
                  <Progress value={Math.round(u.progress * 100)} aria-label={`Uploaden van ${u.name}`} animated />
                  <Text size="xs" c="dimmed">
                    {Math.round(u.progress * 100)}%
                  </Text>
                </Stack>
              </AspectRatio>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
