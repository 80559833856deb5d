/**
 * The one way a form is built on a contract schema: its client checks are the schema's (issues land on the field the
 * issue's path names, nested too), and a failed save's field errors land under the field the server names, whatever
 * the field. The fields are the form's own values: nothing lists them a second time. Only what names no field of the
 * form (or a failure that is not about fields) becomes a red notice. See docs/forms.md.
 */
import { type FormErrors, type UseFormInput, type UseFormReturnType, useForm } from '@mantine/form';
import { type FormEvent, useEffect, useRef } from 'react';
import { ApiError, errorMessage } from '../lib/api-client.ts';
import { type SafeParseSchema, zodResolver } from '../lib/zod-resolver.ts';
import { onInvalidForm, reportInvalidForm } from './form-feedback.ts';
import { notifyFailure } from './notify.ts';

type Segment = string | number;

/** The form path `path` names in `values`, matched per segment without regard to case; null when there is none. */
function resolvePath(values: unknown, path: readonly string[]): Segment[] | null {
  const found: Segment[] = [];
  let node: unknown = values;
  for (const segment of path) {
    if (Array.isArray(node)) {
      const index = Number(segment);
      if (!Number.isInteger(index) || index < 0 || index >= node.length) return null;
      found.push(index);
      node = node[index];
    } else if (node !== null && typeof node === 'object') {
      const key = Object.keys(node).find((k) => k.toLowerCase() === segment.toLowerCase());
      if (key === undefined) return null;
      found.push(key);
      node = (node as Record<string, unknown>)[key];
    } else return null;
  }
  return found;
}

/** The form field a server or schema path (`address.postalCode`, `questions.0.answer`) names; null when none. */
function fieldForPath(values: unknown, path: string): string | null {
  const segments = path.split('.').filter(Boolean);
  const found = segments.length > 0 ? resolvePath(values, segments) : null;
  return found ? found.join('.') : null;
}

type ServerErrorPlacement = {
  /** Field path → message, for what landed on a field. */
  placed: FormErrors;
  /** The messages that name no field of the form. */
  unplaced: string[];
};

/** Sorts a failure's field errors into those the form shows under a field and those it cannot place. */
function placeServerErrors(
  values: unknown,
  error: unknown,
  fieldOf: (member: string) => string = (member) => member,
): ServerErrorPlacement {
  const placed: FormErrors = {};
  const unplaced: string[] = [];
  if (!(error instanceof ApiError)) return { placed, unplaced };
  for (const { message, members } of error.validationErrors) {
    const fields = members.map((m) => fieldForPath(values, fieldOf(m))).filter((f): f is string => f !== null);
    for (const field of fields) if (!(field in placed)) placed[field] = message;
    if (fields.length === 0 && !unplaced.includes(message)) unplaced.push(message);
  }
  return { placed, unplaced };
}

export type SchemaFormOptions<Values extends Record<string, unknown>, Transformed> = Omit<
  UseFormInput<Values, Transformed>,
  'validate'
> & {
  /** The contract's schema of the request (or of the form, when it has fields the request lacks). */
  schema: SafeParseSchema<unknown>;
  /** What the schema checks, when the request differs from the values (a number typed as text, a list's key). */
  toInput?: (values: Values) => unknown;
  /** The form's path for a schema or server path where the two differ (`roleNames` → `role`); others stay as named. */
  fieldOf?: (path: string) => string;
  /** Checks the schema cannot make (a field only some people may change); merged over the schema's. */
  alsoCheck?: (values: Values) => FormErrors;
};

type ServerErrorOptions = { title?: string; elsewhere?: (message: string) => void };

export type SchemaForm<Values extends Record<string, unknown>, Transformed> = UseFormReturnType<Values, Transformed> & {
  /**
   * After a failed save: its field errors under their fields (focus on the first, announced); what has no field goes
   * to a red notice with `title`, or to `elsewhere` when the screen says it its own way. Returns the placed errors.
   */
  showServerError: (error: unknown, options?: ServerErrorOptions) => FormErrors;
};

/** A Mantine form checked by a contract schema; `onSubmit` reports a failed check (focus and announcement) itself. */
export function useSchemaForm<Values extends Record<string, unknown>, Transformed = Values>(
  options: SchemaFormOptions<Values, Transformed>,
): SchemaForm<Values, Transformed> {
  const { schema, toInput, fieldOf, alsoCheck, ...formOptions } = options;
  const rename = fieldOf ?? ((path: string) => path);
  const root = useRef<HTMLFormElement | null>(null);
  const reported = useRef<{ placed: FormErrors; noField: () => void } | null>(null);
  const form = useForm<Values, Transformed>({
    ...formOptions,
    validate: (values) => {
      const errors: FormErrors = {};
      for (const [path, message] of Object.entries(zodResolver(schema)(toInput ? toInput(values) : values))) {
        const field = fieldForPath(values, rename(path)) ?? path;
        if (!(field in errors)) errors[field] = message;
      }
      return { ...errors, ...alsoCheck?.(values) };
    },
  });

  const onSubmit: typeof form.onSubmit = (handleSubmit, handleInvalid = onInvalidForm) => {
    const submit = form.onSubmit(handleSubmit, handleInvalid);
    return (event?: FormEvent<HTMLFormElement>) => {
      root.current = event?.currentTarget ?? null;
      submit(event);
    };
  };

  const showServerError = (error: unknown, options: ServerErrorOptions = {}): FormErrors => {
    const { title, elsewhere } = options;
    const tell = (message: string) =>
      elsewhere ? elsewhere(message) : notifyFailure(null, { title, fallback: message });
    const { placed, unplaced } = placeServerErrors(form.getValues(), error, rename);
    const fields = Object.keys(placed);
    if (unplaced.length > 0) tell(unplaced.join(' '));
    else if (fields.length === 0) tell(errorMessage(error));
    if (fields.length > 0) {
      form.setErrors(placed);
      // A field in the values that the screen does not show (read-only, left out for this role): said in a notice.
      reported.current = {
        placed,
        noField: () => {
          if (unplaced.length === 0) tell(errorMessage(error));
        },
      };
    }
    return placed;
  };

  // After the errors are on the page (an effect runs after React wrote them), not before: a frame is not enough on a
  // busy machine.
  useEffect(() => {
    const report = reported.current;
    if (!report) return;
    reported.current = null;
    if (root.current) reportInvalidForm(root.current, report.placed, report.noField);
    else report.noField();
  });

  return { ...form, onSubmit, showServerError };
}
