/** The reservations module's public file: what other modules may use (docs/decisions/0025). */

export {
  queueReturnRefund,
  refundReservation,
  registerRoutingJobs,
  releaseWaitingRoutes,
} from './payment-routing.service.ts';
export { registerProviderPaymentJobs } from './provider-payments.ts';
export { type Deadlines, expiresWithin } from './reservation-deadline-clock.ts';
export { currentDeadlines, registerDeadlineJobs, runDeadlines } from './reservation-deadlines.service.ts';
export { registerReservationMails } from './reservation-mails.ts';
export { todoCondition } from './reservation-todo.ts';
export { availableOf, heldQuantities } from './stock.ts';
