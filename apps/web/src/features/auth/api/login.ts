import type { LoginRequest, LoginResponse, TokenResponse } from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { myProfileQueryOptions } from '../../../lib/current-user.ts';
import { loadFirstScreenSchemas } from '../../../lib/load-first-screen-schemas.ts';
import { session } from '../../../lib/session.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

export type LoginInput = LoginRequest & { tenantId: string | null };

export function login({ tenantId: workshopId, ...body }: LoginInput): Promise<LoginResponse> {
  return api(async () => (await loadFirstScreenSchemas()).login, { body, tenantId: workshopId });
}

/** The log-in's answer was the session (not a second step). */
export const isTokens = (answer: LoginResponse): answer is TokenResponse => 'auth_token' in answer;

/** Starts the session of a finished log-in; a new user starts with an empty cache. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (tokens: TokenResponse, workshopId: string | null) => {
    queryClient.clear();
    session.start(tokens, workshopId);
    // Asked now, while the router and the shell render: the shell waits for the profile (bench:web showed the
    // request starting only after that first render).
    void queryClient.prefetchQuery(myProfileQueryOptions());
  };
}

/** Logs in; when a second step is asked for, the caller shows it and starts the session after it. */
export function useLogin() {
  const start = useStartSession();
  return useSingleFlightMutation({
    mutationFn: login,
    onSuccess: (answer, input) => {
      if (isTokens(answer)) start(answer, input.tenantId);
    },
  });
}
