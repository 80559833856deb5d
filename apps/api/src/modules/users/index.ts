/** The users module's public file: what other modules may use (docs/decisions/0025). */
export { listAdmins } from './users.service.ts';
