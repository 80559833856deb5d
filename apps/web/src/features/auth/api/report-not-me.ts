import { endpoints } from '@ateliermarkt/contract';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

export function reportNotMe(code: string): Promise<{ message: string }> {
  return api(endpoints.reportNotMe, { body: { code } });
}

export function useReportNotMe() {
  return useSingleFlightMutation({ mutationFn: reportNotMe });
}
