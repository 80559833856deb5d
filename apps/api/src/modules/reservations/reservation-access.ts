import { ERROR_CODES, MESSAGES, type Reservation } from '@ateliermarkt/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { ReadSource } from '../../db/raw-select.ts';
import { reservations } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { RELATIVE_TO_APP } from '../images/index.ts';
import { findReservationById } from './reservations.repository.ts';

/** What every reservation service starts from: the tenant condition and one reservation as its reader may see it. */

export const conflict = (message: string = MESSAGES.transitionNotAllowed) =>
  new AppError(ERROR_CODES.conflict, message);

const NO_WORKSHOP = '00000000-0000-0000-0000-000000000000';

/** The tenant condition of every reservation query: a workshop sees its own, the super admin all. */
export function scope(actor: Actor): SQL | undefined {
  const workshopId = scopeWorkshopId(actor);
  return workshopId === undefined ? undefined : eq(reservations.tenantId, workshopId);
}

/** The workshop `scope` limits the actor to: none for the super admin, no real one for a user without a workshop. */
export const scopeWorkshopId = (actor: Actor) =>
  actor.kind === 'superAdmin' ? undefined : (actor.tenantId ?? NO_WORKSHOP);

/** One reservation its reader may see (null: a reader of every workshop); 404 otherwise, as another tenant's. */
export async function loadOne(db: ReadSource, actor: Actor | null, id: string): Promise<Reservation> {
  const workshopId = !actor || actor.kind === 'superAdmin' ? null : (actor.tenantId ?? NO_WORKSHOP);
  const found = await findReservationById(db, id, workshopId, RELATIVE_TO_APP);
  if (!found) throw notFound();
  return found;
}
