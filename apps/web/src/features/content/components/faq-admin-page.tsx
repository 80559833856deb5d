import { type Faq, MESSAGES, saveFaqQuestionsSchema } from '@ateliermarkt/contract';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { IconPlus, IconTrash } from '../../../components/icons.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { RichTextEditor } from '../../../components/rich-text-editor/index.ts';
import { useSchemaForm } from '../../../components/schema-form.ts';
import { useUnsavedChanges } from '../../../components/use-unsaved-changes.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useFaq, useSaveFaqQuestions } from '../api/faq.ts';
import classes from './content.module.css';

/** The pairs of one FAQ (back-office or shop); add, remove, and one save for the whole list. */
export function FaqAdminPage() {
  const { id = '' } = useParams();
  const faq = useFaq(id);
  if (faq.error instanceof ApiError && (faq.error.status === 404 || faq.error.status === 400)) return <NotFoundPage />;
  if (faq.isError) return <LoadError error={faq.error} onRetry={() => faq.refetch()} />;
  if (!faq.data) return <PageLoader />;
  return <FaqForm key={faq.data.id} faq={faq.data} />;
}

type Pair = { key: string; id: string | null; question: string; answer: string };
let counter = 0;
const newKey = () => `nieuw-${++counter}`;
// The schema is strict (the server refuses unknown keys): the form's own `key` is not part of a pair.
const toInput = ({ id, question, answer }: Pair) => ({ id, question, answer });

function FaqForm({ faq }: { faq: Faq }) {
  const save = useSaveFaqQuestions();
  const form = useSchemaForm<{ questions: Pair[] }>({
    schema: saveFaqQuestionsSchema,
    initialValues: { questions: faq.questions.map((q) => ({ key: q.id, ...q })) },
    toInput: ({ questions }) => questions.map(toInput),
    // The request is the list itself ('2.answer'); the form holds it under `questions`.
    fieldOf: (path) => (/^\d/.test(path) ? `questions.${path}` : path),
  });
  const pairs = form.values.questions;

  const unsaved = useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit((values) =>
    save.mutate(
      {
        faqId: faq.id,
        questions: values.questions.map(toInput),
      },
      {
        onSuccess: (saved) => {
          unsaved.release();
          notifySuccess(MESSAGES.faqSaved);
          form.setValues({ questions: saved.map((q) => ({ key: q.id, ...q })) });
          form.resetDirty();
        },
        onError: (error) => form.showServerError(error, { title: MESSAGES.faqNotSaved }),
      },
    ),
  );

  return (
    <Stack maw={960}>
      <PageHeader
        title={faq.name}
        description="Vragen en antwoorden. Wijzigingen worden pas bewaard als je op Opslaan klikt."
      />
      <form noValidate onSubmit={submit} aria-label={faq.name}>
        <Stack>
          {pairs.length === 0 && (
            <Paper withBorder radius="lg" p="xl">
              <Text c="dimmed" ta="center">
                {MESSAGES.faqEmpty} Voeg de eerste vraag toe.
              </Text>
            </Paper>
          )}
          {pairs.map((pair, index) => (
            <Paper
              key={pair.key}
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-label={`Vraag ${index + 1}`}
            >
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={2} size="h5">
                    Vraag {index + 1}
                  </Title>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash />}
                    aria-label={`Vraag ${index + 1} verwijderen`}
                    onClick={() => form.removeListItem('questions', index)}
                  >
                    {MESSAGES.delete}
                  </Button>
                </Group>
                <TextInput
                  label="Vraag"
                  withAsterisk
                  aria-label={`Vraag ${index + 1}`}
                  {...form.getInputProps(`questions.${index}.question`)}
                />
                <RichTextEditor
                  label={`Antwoord ${index + 1}`}
                  toolbar="basic"
                  required
                  value={pair.answer}
                  error={form.errors[`questions.${index}.answer`] as string | undefined}
                  onChange={(html) => form.setFieldValue(`questions.${index}.answer`, html)}
                />
              </Stack>
            </Paper>
          ))}
          <Group justify="space-between" className={classes.saveBar}>
            <Button
              variant="light"
              leftSection={<IconPlus />}
              onClick={() => form.insertListItem('questions', { key: newKey(), id: null, question: '', answer: '' })}
            >
              Vraag toevoegen
            </Button>
            <Button type="submit" loading={save.isPending}>
              {MESSAGES.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
