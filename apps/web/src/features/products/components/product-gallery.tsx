import type { Image } from '@ateliermarkt/contract';
import {
  AspectRatio,
  Center,
  Image as MantineImage,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { IconPhoto } from '../../../components/icons.tsx';

/** The photos of a product: the chosen one large, the others as thumbnails to pick. */
export function ProductGallery({ images, name }: { images: Image[]; name: string }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  if (!current)
    return (
      <Paper withBorder radius="md" bg="gray.0">
        <AspectRatio ratio={4 / 3}>
          <Center>
            <Stack align="center" gap={4} c="dimmed">
              <IconPhoto />
              <Text size="sm">Nog geen foto's</Text>
            </Stack>
          </Center>
        </AspectRatio>
      </Paper>
    );
  return (
    <Stack gap="xs">
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <AspectRatio ratio={4 / 3}>
          <MantineImage src={current.fileMedium} alt={`${name}, foto ${index + 1} van ${images.length}`} fit="cover" />
        </AspectRatio>
      </Paper>
      {images.length > 1 && (
        <SimpleGrid cols={4} spacing="xs">
          {images.map((image, i) => (
            <UnstyledButton
              key={image.id}
              onClick={() => setIndex(i)}
              aria-label={`Toon foto ${i + 1}`}
              aria-pressed={i === index}
              style={{
                borderRadius: 8,
                overflow: 'hidden',
                outline: i === index ? '2px solid var(--mantine-primary-color-filled)' : undefined,
              }}
            >
              <AspectRatio ratio={1}>
                <MantineImage src={image.thumbnail} alt="" fit="cover" />
              </AspectRatio>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
