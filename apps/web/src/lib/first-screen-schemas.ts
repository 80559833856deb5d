/**
 * The contract schemas that the first screen (log-in) and the calls around it read answers with. They, and zod
 * with them, are a chunk of their own, loaded at the first call rather than with the log-in screen (issue 13: the
 * log-in route downloads at most 120 KB). Import them through `loadFirstScreenSchemas`, never statically from the
 * log-in screen's modules, or zod is back in the first download (`npm run build` prints and checks it).
 */
export {
  availableTenantsResponseSchema,
  errorEnvelopeSchema,
  loginRequestSchema,
  profileSchema,
  tokenResponseSchema,
} from '@ateliermarkt/contract';
