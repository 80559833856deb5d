import { type Image, MAX_IMAGE_BYTES, MESSAGES } from '@ateliermarkt/contract';
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
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../lib/api-client.ts';
import { uploadImage } from '../lib/upload-image.ts';
import { IconTrash, IconUpload } from './icons.tsx';

export type ImageType = 'image/jpeg' | 'image/png';

export type ImageUploadProps = {
  label: string;
  value: Image | null;
  onChange: (image: Image | null) => void;
  /** Accepted types; the server checks the bytes again. Default JPEG and PNG. */
  accept?: readonly ImageType[];
  description?: string;
  error?: string;
};

function typeError(accept: readonly ImageType[]): string {
  return accept.includes('image/png') ? MESSAGES.imageNotJpegOrPng : MESSAGES.imageNotJpeg;
}

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
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const id = useId();
  useEffect(() => () => abort.current?.abort(), []);
  // The choose button makes way for the progress bar, the remove button leaves with the photo: focus would fall to
  // the page. It goes back to the choose button once that is shown again.
  const chooseButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  const uploading = progress !== null;
  useEffect(() => {
    if (uploading || !refocus) return;
    setRefocus(false);
    chooseButton.current?.focus();
  }, [uploading, refocus]);

  async function choose(file: File | null) {
    if (!file) return;
    setUploadError(null);
    if (!accept.includes(file.type as ImageType)) return setUploadError(typeError(accept));
    if (file.size > MAX_IMAGE_BYTES) return setUploadError(MESSAGES.imageTooLarge);
    abort.current = new AbortController();
    setRefocus(true);
    setProgress(0);
    try {
      const image = await uploadImage(file, { onProgress: setProgress, signal: abort.current.signal });
      onChange(image);
    } catch (e) {
      if (!(e instanceof ApiError && e.code === 'Aborted')) setUploadError(errorMessage(e, MESSAGES.imageUploadFailed));
    } finally {
      setProgress(null);
    }
  }

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
                <Button size="xs" variant="subtle" color="gray" w="fit-content" onClick={() => abort.current?.abort()}>
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
                      setRefocus(true);
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
