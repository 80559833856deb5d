export * from './audit.ts';
export * from './content.ts';
export * from './identity.ts';
export * from './images.ts';
export * from './products.ts';
export * from './reservations.ts';
export * from './system.ts';
export * from './tenants.ts';
