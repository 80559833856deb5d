import { AUTHOR_DESCRIPTION_MAX } from '@ateliermarkt/contract';
import { Avatar, Button, FileButton, Group, Progress, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useImageUpload } from '../../../components/use-image-upload.ts';
import type { StepProps } from './wizard-types.ts';

/** Step 4: the maker's name, a description of at most 150 characters with a counter, and a photo. */
export function WizardMakerStep({ form }: StepProps) {
  const { authorDescription, authorImage } = form.getValues();
  const upload = useImageUpload({
    accept: ['image/jpeg', 'image/png'],
    onUploaded: (image) => form.setFieldValue('authorImage', image),
  });
  const left = AUTHOR_DESCRIPTION_MAX - authorDescription.length;

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
          <FileButton onChange={(f) => void upload.choose(f)} accept="image/jpeg,image/png">
            {(props) => (
              <Button variant="default" {...props} ref={upload.chooseButton} loading={upload.uploading}>
                {authorImage ? 'Andere foto kiezen' : 'Foto kiezen'}
              </Button>
            )}
          </FileButton>
          {authorImage && (
            <Button
              variant="subtle"
              color="red"
              onClick={() => {
                upload.removed();
                form.setFieldValue('authorImage', null);
              }}
            >
              Foto verwijderen
            </Button>
          )}
        </Group>
        {upload.progress !== null && (
          <Progress
            value={Math.round(upload.progress * 100)}
            aria-label="Uploaden van de foto van de maker"
            maw={320}
          />
        )}
        {upload.error && (
          <Text c="red" size="sm" role="alert">
            {upload.error}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
