import { endpoints, type Reconfirmation } from '@ateliermarkt/contract';
import { api } from '../../../lib/api-client.ts';

/** Two-factor log-in on 'Beveiliging': set up (re-confirmed), switch on with a code, switch off. */
export const setUpMyTwoFactor = (body: Reconfirmation) => api(endpoints.setUpMyTwoFactor, { body });
export const enableMyTwoFactor = (code: string) => api(endpoints.enableMyTwoFactor, { body: { code } });
export const disableMyTwoFactor = (body: Reconfirmation) => api(endpoints.disableMyTwoFactor, { body });
