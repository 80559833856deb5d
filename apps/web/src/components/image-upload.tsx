import { type Image, MESSAGES } from '@ateliermarkt/contract';
import {
  Box,
  Button,
  FileButton,
  Group,
  Input,
  Image as MantineImage,
  Paper,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { useId } from 'react';
import { IconTrash, IconUpload } from './icons.tsx';
import { type ImageType, useImageUpload } from './use-image-upload.ts';

export type ImageUploadProps = {
  label: string;
  value: Image | null;
  onChange: (image: Image | null) => void;
  /** Accepted types; the server checks the bytes again. Default JPEG and PNG. */
  accept?: readonly ImageType[];
  description?: string;
  error?: string;
};

/**
 * One image field: choose a file, see the upload's progress, see the result, remove it. Wrong types and files over
 * 4 MB are refused before sending, with the contract's Dutch texts; the server's own refusal is shown the same way.
 */
export function ImageUpload({
  label,
  value,
  onChange,
  accept = ['image/jpeg', 'image/png'],
  description,
  error,
}: ImageUploadProps) {
  const {
    progress,
    uploading,
    error: uploadError,
    choose,
    cancel,
    chooseButton,
    removed,
  } = useImageUpload({
    accept,
    onUploaded: onChange,
  });
  const id = useId();

  const shownError = uploadError ?? error;
  // There is no input to point a <label for> at (the file picker is a button): the label is a plain element that
  // names the button, with the description and the error as its description.
  const describedBy = [description && `${id}-description`, shownError && `${id}-error`].filter(Boolean).join(' ');
  return (
    <Input.Wrapper
      label={label}
      description={description}
      id={id}
      error={shownError}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      data-field
    >
      <Paper withBorder radius="md" p="sm" mt={6}>
        {/* On a phone the buttons go under the photo instead of past the card's edge. */}
        <Group align="center" gap="md" wrap="wrap">
          <Box
            w={120}
            h={90}
            style={{ borderRadius: 8, overflow: 'hidden', flexShrink: 0, background: 'var(--mantine-color-gray-1)' }}
          >
            {value ? (
              <MantineImage src={value.thumbnail} alt={label} w={120} h={90} fit="cover" />
            ) : (
              <Text c="dimmed" fz="xs" ta="center" pt={34}>
                Geen foto
              </Text>
            )}
          </Box>
          <Stack gap={8} style={{ flex: 1, minWidth: 190 }}>
            {uploading ? (
              <Stack gap={4}>
                <Text fz="sm">Bezig met uploaden… {Math.round((progress ?? 0) * 100)}%</Text>
                <Progress value={(progress ?? 0) * 100} aria-label={`${label} uploaden`} animated />
                <Button size="xs" variant="subtle" color="gray" w="fit-content" onClick={cancel}>
                  {MESSAGES.cancel}
                </Button>
              </Stack>
            ) : (
              <Group gap="xs">
                <FileButton onChange={choose} accept={accept.join(',')}>
                  {(props) => (
                    <Button
                      {...props}
                      ref={chooseButton}
                      id={`${id}-button`}
                      variant="light"
                      size="sm"
                      leftSection={<IconUpload />}
                      aria-labelledby={`${id}-label ${id}-button`}
                      aria-describedby={describedBy || undefined}
                      aria-invalid={shownError ? true : undefined}
                    >
                      {value ? 'Andere foto kiezen' : 'Foto kiezen'}
                    </Button>
                  )}
                </FileButton>
                {value && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="sm"
                    leftSection={<IconTrash />}
                    onClick={() => {
                      removed();
                      onChange(null);
                    }}
                  >
                    Verwijderen
                  </Button>
                )}
              </Group>
            )}
            <Text fz="xs" c="dimmed">
              {accept.includes('image/png') ? 'JPG of PNG' : 'JPG'}, hoogstens 4 MB.
            </Text>
          </Stack>
        </Group>
      </Paper>
    </Input.Wrapper>
  );
}
