import type { LoginRequest, TokenResponse } from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { myProfileQueryOptions } from '../../../lib/current-user.ts';
import { loadFirstScreenSchemas } from '../../../lib/load-first-screen-schemas.ts';
import { session } from '../../../lib/session.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

export type LoginInput = LoginRequest & { tenantId: string | null };

export function login({ tenantId, ...body }: LoginInput): Promise<TokenResponse> {
  return api(async () => (await loadFirstScreenSchemas()).login, { body, tenantId });
}

/** Logs in; a new user starts with an empty cache (spec 4.4: user change clears all cached lists). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: login,
    onSuccess: (tokens, input) => {
      queryClient.clear();
      session.start(tokens, input.tenantId);
      // Asked now, while the router and the shell render: the shell waits for the profile (bench:web showed the
      // request starting only after that first render).
      void queryClient.prefetchQuery(myProfileQueryOptions());
    },
  });
}
