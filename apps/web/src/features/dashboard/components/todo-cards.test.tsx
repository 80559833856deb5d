import { TODO_KINDS, TODO_TEXTS, type TodoCounts } from '@ateliermarkt/contract';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { TodoCards } from './todo-cards.tsx';

const counts = (values: Partial<TodoCounts>): TodoCounts => ({
  toApprove: 0,
  paused: 0,
  expiresSoon: 0,
  awaitingPaymentLong: 0,
  toShip: 0,
  toHandOver: 0,
  returning: 0,
  withdrawals: 0,
  ...values,
});

function renderCards(todo: TodoCounts | undefined) {
  return renderWithProviders(
    <MemoryRouter>
      <TodoCards todo={todo} marketplace={false} />
    </MemoryRouter>,
  );
}

describe('TodoCards', () => {
  it('links each card, named by its count and title, to the overview filtered to its kind', () => {
    renderCards(counts({ toApprove: 3, toShip: 1 }));
    for (const kind of TODO_KINDS) {
      const link = screen.getByRole('link', { name: new RegExp(`^\\d+ ${TODO_TEXTS[kind].title}$`) });
      expect(link.getAttribute('href')).toBe(`/reservations?taak=${kind}`);
    }
    expect(screen.getByRole('link', { name: `3 ${TODO_TEXTS.toApprove.title}` })).toBeTruthy();
    expect(screen.getByRole('link', { name: `1 ${TODO_TEXTS.toShip.title}` })).toBeTruthy();
  });

  it('says calmly that nothing waits when every count is zero', () => {
    renderCards(counts({}));
    expect(screen.getByText('Alles is bijgewerkt: er wacht nu niets op je.')).toBeTruthy();
    expect(screen.getAllByText('Niets te doen')).toHaveLength(TODO_KINDS.length);
  });

  it('shows the cards while the counts load, without a number', () => {
    renderCards(undefined);
    for (const kind of TODO_KINDS)
      expect(screen.getByRole('link', { name: TODO_TEXTS[kind].title }).getAttribute('href')).toContain(kind);
  });
});
