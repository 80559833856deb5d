/**
 * The contract schemas and endpoint entries that the first screen (log-in) and the calls around it read answers with. They, and zod
 * with them, are a chunk of their own, loaded at the first call rather than with the log-in screen (the
 * log-in route downloads at most 120 KB). Import them through `loadFirstScreenSchemas`, never statically from the
 * log-in screen's modules, or zod is back in the first download (`npm run build` prints and checks it).
 */
import { endpoints } from '@ateliermarkt/contract';

export { errorEnvelopeSchema, loginRequestSchema, tokenResponseSchema } from '@ateliermarkt/contract';

/** The endpoint entries of the log-in screen's calls: `api(async () => (await loadFirstScreenSchemas()).login)`. */
export const login = endpoints.login;
export const listAvailableWorkshops = endpoints.listAvailableWorkspaces;
export const getMyProfile = endpoints.getMyProfile;
