import type { TodoKind } from '@ateliermarkt/contract';

/** The reservations overview's URL parameter of a dashboard card's filter (GET reservations/all?todo=). */
export const TODO_PARAM = 'taak';

/** Where a dashboard card leads: the open reservations of exactly its kind. */
export function todoListPath(kind: TodoKind): string {
  return `/reservations?${TODO_PARAM}=${kind}`;
}
