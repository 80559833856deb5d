import { AUTHOR_DESCRIPTION_MAX, MAX_IMAGE_BYTES, MESSAGES } from '@ateliermarkt/contract';
import { Avatar, Button, FileButton, Group, Progress, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import type { StepProps } from './wizard-types.ts';

/** Step 4: the maker's name, a description of at most 150 characters with a counter, and a photo. */
export function WizardMakerStep({ form }: StepProps) {
  const { authorDescription, authorImage } = form.getValues();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const left = AUTHOR_DESCRIPTION_MAX - authorDescription.length;
  // The choose button is disabled while uploading and the remove button leaves with the photo: either takes the
  // focus with it. Focus goes back to the choose button once it is usable again.
  const chooseButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  const uploading = progress !== null;
  useEffect(() => {
    if (uploading || !refocus) return;
    setRefocus(false);
    chooseButton.current?.focus();
  }, [uploading, refocus]);

  async function pick(file: File | null) {
    if (!file) return;
    setProblem(null);
    if (file.size > MAX_IMAGE_BYTES) return setProblem(MESSAGES.imageTooLarge);
    setRefocus(true);
    setProgress(0);
    try {
      const image = await uploadImage(file, { onProgress: setProgress });
      form.setFieldValue('authorImage', image);
    } catch (error) {
      setProblem(errorMessage(error, MESSAGES.imageUploadFailed));
    } finally {
      setProgress(null);
    }
  }

  return (
    <Stack gap="md">
      <TextInput label="Naam van de maker" key={form.key('authorName')} {...form.getInputProps('authorName')} />
      <Textarea
        label="Over de maker"
        description={
          <span aria-live="polite">
            {left >= 0 ? `Nog ${left} van ${AUTHOR_DESCRIPTION_MAX} tekens` : `${-left} tekens te veel`}
          </span>
        }
        autosize
        minRows={3}
        key={form.key('authorDescription')}
        {...form.getInputProps('authorDescription')}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Foto van de maker
        </Text>
        <Group>
          <Avatar src={authorImage?.thumbnail} alt={authorImage ? 'Foto van de maker' : ''} size={64} radius="xl" />
          <FileButton onChange={(f) => void pick(f)} accept="image/jpeg,image/png">
            {(props) => (
              <Button variant="default" {...props} ref={chooseButton} loading={uploading}>
                {authorImage ? 'Andere foto kiezen' : 'Foto kiezen'}
              </Button>
            )}
          </FileButton>
          {authorImage && (
            <Button
              variant="subtle"
              color="red"
              onClick={() => {
                setRefocus(true);
                form.setFieldValue('authorImage', null);
              }}
            >
              Foto verwijderen
            </Button>
          )}
        </Group>
        {uploading && (
          <Progress value={Math.round(progress * 100)} aria-label="Uploaden van de foto van de maker" maw={320} />
        )}
        {problem && (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
