/** The reservations module's public file: what other modules may use (docs/decisions/0025). */

export { type Deadlines, expiresWithin } from './reservation-deadline-clock.ts';
export { currentDeadlines, registerDeadlineJobs, runDeadlines } from './reservation-deadlines.service.ts';
export { registerReservationMails } from './reservation-mails.ts';
export { todoCondition } from './reservation-todo.ts';
