/** The reservations module's public file: what other modules may use (docs/decisions/0025). */
export { todoCondition } from './reservation-todo.ts';
