import { type DefaultError, type UseMutationOptions, type UseMutationResult, useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * `useMutation` that has at most one call under way: every mutation of the app is made with it
 * (docs/decisions/0016). A button's `loading` state disables it, but only once React has rendered what TanStack
 * Query reports a task later; the second click of a double click lands before that and sent the change twice (the
 * second answered 409: 'Het accepteren is mislukt'). Here a call made while one is under way sends nothing:
 * `mutate` ignores it, `mutateAsync` answers with the call under way.
 */
export function useSingleFlightMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const underway = useRef<Promise<TData> | null>(null);
  const { mutateAsync: send } = mutation;

  const mutateAsync: typeof send = useCallback(
    (...args) => {
      if (underway.current) return underway.current;
      const call = send(...args).finally(() => {
        underway.current = null;
      });
      underway.current = call;
      return call;
    },
    [send],
  );
  const mutate: UseMutationResult<TData, TError, TVariables, TContext>['mutate'] = useCallback(
    (...args) => {
      if (underway.current) return;
      // The failure reaches the caller's onError and the mutation's error state, as with useMutation's own mutate.
      mutateAsync(...args).catch(() => {});
    },
    [mutateAsync],
  );
  return { ...mutation, mutate, mutateAsync };
}
