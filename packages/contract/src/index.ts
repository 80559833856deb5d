// First: zod's settings, before any schema below is built.
import './zod-config.ts';

export * from './admins/admins.schema.ts';
export * from './auth/auth.schema.ts';
export * from './auth/role-kind.ts';
export * from './common/assert-never.ts';
export * from './common/error-codes.ts';
export * from './common/errors.schema.ts';
export * from './common/fields.ts';
export * from './constants.ts';
export * from './content/content.schema.ts';
export * from './content/rich-text-samples.ts';
export * from './dates.ts';
export * from './duration.ts';
export * from './images/images.schema.ts';
export * from './messages.ts';
export * from './money.ts';
export * from './products/product-rules.ts';
export * from './products/products.schema.ts';
export * from './reservations/reservation-machine.ts';
export * from './reservations/reservations.schema.ts';
export * from './settings/settings.schema.ts';
export * from './shop/shop.schema.ts';
export * from './system/outbox.schema.ts';
export * from './users/roles.schema.ts';
export * from './users/users.schema.ts';
export * from './workspaces/available.schema.ts';
export * from './workspaces/workspaces.schema.ts';
