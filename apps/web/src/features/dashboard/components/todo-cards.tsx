import { TODO_KINDS, TODO_TEXTS, type TodoCounts } from '@ateliermarkt/contract';
import { SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import linkCard from '../../../components/link-card.module.css';
import { todoListPath } from '../../../lib/todo-links.ts';
import classes from './dashboard.module.css';

export type TodoCardsProps = {
  todo: TodoCounts | undefined;
  marketplace: boolean;
  /** A card of another feature (the super admin's failed mails), composed by the app; gets the cards' classes. */
  extraCard?: (classes: { cardClass: string; countClass: string }) => ReactNode;
};

/**
 * 'Te doen': one card per kind of work, its count and a link to exactly the reservations it counts. A zero
 * is shown calmly (grey, 'niets te doen'), a count in the brand colour: nothing here is an alarm.
 */
export function TodoCards({ todo, marketplace, extraCard }: TodoCardsProps) {
  const total = todo ? TODO_KINDS.reduce((sum, kind) => sum + todo[kind], 0) : undefined;
  return (
    <Stack gap="sm" component="section" aria-labelledby="te-doen">
      <Stack gap={2}>
        <Title order={2} fz="xl" id="te-doen">
          Te doen
        </Title>
        <Text size="sm" c="dimmed">
          {total === 0
            ? 'Alles is bijgewerkt: er wacht nu niets op je.'
            : marketplace
              ? 'Wat er bij alle ateliers samen klaarligt. Klik op een kaart voor de reserveringen.'
              : 'Wat er in je atelier klaarligt. Klik op een kaart voor de reserveringen.'}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {TODO_KINDS.map((kind) => {
          const count = todo?.[kind];
          const { title, description } = TODO_TEXTS[kind];
          return (
            <UnstyledButton
              key={kind}
              component={Link}
              to={todoListPath(kind)}
              className={`${linkCard.linkCard} ${classes.card}`}
              aria-describedby={`todo-${kind}`}
            >
              {count === undefined ? (
                <Skeleton height={33} width={40} />
              ) : (
                <Text className={classes.count} c={count > 0 ? 'terracotta.8' : 'dimmed'}>
                  {count}
                </Text>
              )}
              <Text fw={600} size="sm">
                {title}
              </Text>
              {/* Its description, not part of its name: the link is called '2 Te verzenden'. */}
              <Text size="xs" c="dimmed" visibleFrom="xs" aria-hidden="true" id={`todo-${kind}`}>
                {count === 0 ? 'Niets te doen' : description}
              </Text>
            </UnstyledButton>
          );
        })}
        {extraCard?.({ cardClass: classes.card ?? '', countClass: classes.count ?? '' })}
      </SimpleGrid>
    </Stack>
  );
}
