/**
 * Every API operation, by operationId (docs/decisions/0023-endpoint-table.md). Imported as a namespace
 * (`endpoints.getUser`), so a bundle keeps only the entries it uses.
 */
export * from '../admins/exports.endpoints.ts';
export * from '../audit/audit-log.endpoints.ts';
export * from '../auth/auth.endpoints.ts';
export * from '../auth/session.endpoints.ts';
export * from '../content/content.endpoints.ts';
export * from '../dashboard/dashboard.endpoints.ts';
export * from '../events/events.endpoints.ts';
export * from '../images/images.endpoints.ts';
export * from '../invoices/invoices.endpoints.ts';
export * from '../payments/payments.endpoints.ts';
export * from '../payouts/payouts.endpoints.ts';
export * from '../products/featured-products.endpoints.ts';
export * from '../products/product-edit.endpoints.ts';
export * from '../products/product-import.endpoints.ts';
export * from '../products/products.endpoints.ts';
export * from '../reservations/open-count.endpoints.ts';
export * from '../reservations/reservations.endpoints.ts';
export * from '../settings/settings.endpoints.ts';
export * from '../shop/customer.endpoints.ts';
export * from '../shop/shop.endpoints.ts';
export * from '../statements/statements.endpoints.ts';
export * from '../system/outbox.endpoints.ts';
export * from '../system/system.endpoints.ts';
export * from '../users/users.endpoints.ts';
export * from '../workshops/available.endpoints.ts';
export * from '../workshops/workshops.endpoints.ts';
