import { endpoints, type SecondStepRequest } from '@ateliermarkt/contract';
import { api } from '../../../lib/api-client.ts';

/** The second log-in step and the set-up a role requires at log-in. */
export const loginSecondStep = (body: SecondStepRequest) => api(endpoints.loginSecondStep, { body });
export const loginTwoFactorSetup = (challenge: string) => api(endpoints.loginTwoFactorSetup, { body: { challenge } });
export const loginTwoFactorEnable = (body: SecondStepRequest) => api(endpoints.loginTwoFactorEnable, { body });
