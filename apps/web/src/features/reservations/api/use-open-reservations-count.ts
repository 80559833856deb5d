/**
 * The number of open reservations for the navigation badge (spec 2.3, workshop admin).
 * The server has no count call yet, so this answers undefined and the badge stays hidden; when the call exists,
 * this becomes a useQuery on it (keys from the reservations key factory) and the badge shows without other changes.
 */
export function useOpenReservationsCount(_enabled: boolean): number | undefined {
  return undefined;
}
