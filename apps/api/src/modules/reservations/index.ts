/** The reservations module's public file: what other modules may use (docs/decisions/0025). */

export { customerTokenHash, customerUrl } from './customer/customer-link.ts';
export { customerPaymentLink, customerReservation } from './customer/customer-reservation.service.ts';
export { withdraw } from './customer/withdrawal.service.ts';
export { type Deadlines, expiresWithin } from './deadlines/reservation-deadline-clock.ts';
export { currentDeadlines, registerDeadlineJobs, runDeadlines } from './deadlines/reservation-deadlines.service.ts';
export { todoCondition } from './list/reservation-todo.ts';
export { registerReservationMails } from './mails/reservation-mails.ts';
export { notifyWorkshop, queueCustomerMail } from './mails/workshop-notifications.ts';
export {
  queueReturnRefund,
  refundReservation,
  registerRoutingJobs,
  releaseWaitingRoutes,
  splitLinesOf,
} from './payments/payment-routing.service.ts';
export { registerProviderPaymentJobs } from './payments/provider-payments.ts';
// What the shop's ordering and returns (modules/shop) build on: a new reservation's number, its rows and mails, a
// transition by the shop, and the stock it may take.
export { findReservations, nextOrderNumber, statusOf } from './reservations.repository.ts';
export { applyTransition } from './reservations.service.ts';
export { availableOf, heldQuantities, outOfStock } from './transitions/stock.ts';
