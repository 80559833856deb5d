import { MESSAGES } from '@ateliermarkt/contract';
import { Alert, Anchor, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import linkCard from '../../../components/link-card.module.css';
import { useFailedMails } from '../api/outbox.ts';

/** Where the super admin finds them: the bottom of 'Alle beheerders', scrolled to. */
export const FAILED_MAILS_PATH = '/admin-overview#niet-verstuurde-emails';

/**
 * While mails fail: a banner above every screen of the super admin, with why in Dutch and a link to the
 * list (Shopify shows failed notifications the same way). Nothing is shown while every mail goes out.
 */
export function FailedMailsBanner() {
  const { data } = useFailedMails({ poll: true });
  if (!data || data.totalCount === 0) return null;
  const reason = data.items.find((m) => m.reason)?.reason;
  return (
    <Alert color="red" variant="light" mb="md" title={MESSAGES.outboxBanner(data.totalCount)}>
      <Text size="sm">
        {reason}{' '}
        <Anchor component={Link} to={FAILED_MAILS_PATH} fw={600} c="red.9">
          {MESSAGES.outboxBannerLink}
        </Anchor>
      </Text>
    </Alert>
  );
}

/** The same count as a 'Te doen' card on the super admin's home. */
export function FailedMailsTodoCard({ cardClass, countClass }: { cardClass: string; countClass: string }) {
  const { data } = useFailedMails({ poll: true });
  const count = data?.totalCount;
  return (
    <UnstyledButton
      component={Link}
      to={FAILED_MAILS_PATH}
      className={`${linkCard.linkCard} ${cardClass}`}
      aria-describedby="todo-failed-mails"
    >
      <Text className={countClass} c={count ? 'red.9' : 'dimmed'}>
        {count ?? '…'}
      </Text>
      <Text fw={600} size="sm">
        {MESSAGES.outboxTodo}
      </Text>
      <Text size="xs" c="dimmed" visibleFrom="xs" aria-hidden="true" id="todo-failed-mails">
        {count ? (data?.items.find((m) => m.reason)?.reason ?? '') : 'Alle e-mails zijn verstuurd'}
      </Text>
    </UnstyledButton>
  );
}
