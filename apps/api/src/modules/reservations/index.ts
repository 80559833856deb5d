/** The reservations module's public file: what other modules may use (docs/decisions/0025). */

export { type Deadlines, expiresWithin } from './deadlines/reservation-deadline-clock.ts';
export { currentDeadlines, registerDeadlineJobs, runDeadlines } from './deadlines/reservation-deadlines.service.ts';
export { todoCondition } from './list/reservation-todo.ts';
export { registerReservationMails } from './mails/reservation-mails.ts';
export {
  queueReturnRefund,
  refundReservation,
  registerRoutingJobs,
  releaseWaitingRoutes,
} from './payments/payment-routing.service.ts';
export { registerProviderPaymentJobs } from './payments/provider-payments.ts';
export { availableOf, heldQuantities } from './transitions/stock.ts';
