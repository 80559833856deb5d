import { FAQ_IDS, MESSAGES } from '@ateliermarkt/contract';
import { Accordion, Paper, Stack, Text } from '@mantine/core';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useFaq } from '../api/faq.ts';
import { RichHtml } from './rich-html.tsx';

/** The back-office FAQ, read-only, for workshop admins and users. */
export function FaqPage() {
  const faq = useFaq(FAQ_IDS.backOffice);
  if (faq.isError) return <LoadError error={faq.error} onRetry={() => faq.refetch()} />;
  if (!faq.data) return <PageLoader />;
  const { questions } = faq.data;
  return (
    <Stack maw={860}>
      <PageHeader title="Vraag & antwoord" description="Antwoorden op de vragen die we het vaakst krijgen." />
      {questions.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text c="dimmed" ta="center">
            {MESSAGES.faqEmpty}
          </Text>
        </Paper>
      ) : (
        <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
          <Accordion variant="default" chevronPosition="right">
            {questions.map((q) => (
              <Accordion.Item key={q.id} value={q.id}>
                <Accordion.Control>
                  <Text fw={600}>{q.question}</Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <RichHtml html={q.answer} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Paper>
      )}
    </Stack>
  );
}
