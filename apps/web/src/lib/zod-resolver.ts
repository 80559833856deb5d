/**
 * Validates a Mantine form with a contract zod schema: the first issue per field path becomes that field's error.
 * Typed structurally so the web app does not import zod itself (the schemas come from the contract).
 */

export type SchemaIssue = { readonly path: ReadonlyArray<PropertyKey>; readonly message: string };

export type SafeParseSchema<Output> = {
  safeParse(
    data: unknown,
  ): { success: true; data: Output } | { success: false; error: { issues: ReadonlyArray<SchemaIssue> } };
};

export type FieldErrors = Record<string, string>;

export function issuesToErrors(issues: ReadonlyArray<SchemaIssue>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

export function zodResolver<Output>(schema: SafeParseSchema<Output>) {
  return (values: unknown): FieldErrors => {
    const result = schema.safeParse(values);
    return result.success ? {} : issuesToErrors(result.error.issues);
  };
}
