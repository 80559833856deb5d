/**
 * The end of every `switch` over a union that has a `default`: the compiler refuses the call when a member is left
 * out, and a value from outside the union (a newer server, a bad row) fails loudly instead of doing nothing. Without
 * a `default`, Biome's `useExhaustiveSwitchCases` checks the cases (biome.json); `switch-defaults.test.ts` in the API
 * refuses a silent `default` (docs/decisions/0025).
 */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
}
