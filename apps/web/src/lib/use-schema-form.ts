import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type FormEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGES, validationMessage } from '@storelift/shared';
import type { ApiError, ErrorCodeOf } from './api';
import { codedText, errorText, fieldErrorTexts, loadMessages } from './messages';
import { notifyError } from './notify';

/**
 * The part of a Standard Schema (zod 4 implements it) that validation needs: the shared zod
 * contracts are passed in as they are.
 */
export interface FormSchema {
  readonly '~standard': {
    validate(value: unknown): StandardResult | Promise<StandardResult>;
  };
  /** zod's parse, which takes the error map that names each rule's limit (the shared validationMessage). */
  safeParseAsync?: (
    value: unknown,
    params: { error: typeof validationMessage },
  ) => Promise<{ error?: { issues: StandardResult['issues'] } }>;
}
type PathSegment = PropertyKey | { key: PropertyKey };
/** A refusal as the schema reports it: zod's issue, with its English text, its rule and bound. */
type FormIssue = { message: string; path?: readonly PathSegment[] };
type StandardResult = { issues?: readonly FormIssue[] };

export type FieldErrors = Record<string, string | undefined>;

/** The first issue per field path (`a.b`). */
async function firstIssues(schema: FormSchema, values: unknown): Promise<Record<string, FormIssue>> {
  const issues = schema.safeParseAsync
    ? (await schema.safeParseAsync(values, { error: validationMessage })).error?.issues
    : (await schema['~standard'].validate(values)).issues;
  const first: Record<string, FormIssue> = {};
  for (const issue of issues ?? []) {
    const path = (issue.path ?? [])
      .map((segment) => String(typeof segment === 'object' ? segment.key : segment))
      .join('.');
    first[path] ??= issue;
  }
  return first;
}

/** The first message per field path (`a.b`), as the schema wrote it (English; a form shows it by its code). */
export async function schemaErrors(schema: FormSchema, values: unknown): Promise<FieldErrors> {
  const issues = await firstIssues(schema, values);
  return Object.fromEntries(Object.entries(issues).map(([path, issue]) => [path, issue.message]));
}

/** How long typing pauses before the field is checked (validation also runs on blur and submit). */
const CHANGE_DEBOUNCE_MS = 400;
/** Blur validation waits for a click in progress to finish (see onBlur). */
const BLUR_DELAY_MS = 250;

export interface InputProps<Value> {
  name: string;
  value: Value;
  error?: string;
  onChange: (eventOrValue: unknown) => void;
  onBlur: (event?: FocusEvent<HTMLElement>) => void;
}

export type CheckboxProps = Omit<InputProps<never>, 'value'> & { checked: boolean };

export interface SchemaForm<Values extends Record<string, unknown>> {
  values: Values;
  errors: FieldErrors;
  submitting: boolean;
  setFieldValue: <K extends keyof Values & string>(path: K, value: Values[K]) => void;
  setFieldError: (path: string, message: string | undefined) => void;
  /** A field's message, translated, for an input not wired by getInputProps (a nested path, a custom control). */
  fieldError: (path: string) => string | undefined;
  /** Whether a field's message is shown (its input props or fieldError taken): another field's would not be. */
  isShown: (path: string) => boolean;
  getInputProps: <K extends keyof Values & string>(path: K) => InputProps<Values[K]>;
  getCheckboxProps: (path: keyof Values & string) => CheckboxProps;
  onSubmit: (handler: (values: Values) => unknown) => (event?: FormEvent) => void;
  /** Put on the <form>: the first focus starts loading the schema. */
  formProps: { onFocus: () => void; noValidate: true };
}

function valueOf(eventOrValue: unknown, checkbox: boolean): unknown {
  if (eventOrValue && typeof eventOrValue === 'object' && 'currentTarget' in eventOrValue) {
    const target = (eventOrValue as ChangeEvent<HTMLInputElement>).currentTarget;
    return checkbox ? target.checked : target.value;
  }
  return eventOrValue;
}

/**
 * Form state validated by a shared zod schema, on blur, on change (debounced) and on submit
 * (customer-area §5). The schema is loaded on first use, so the zod contracts stay out of the
 * first download of the public pages. The schema's messages are shown by their codes, in the interface
 * language; a message the page sets itself (`setFieldError`) is shown through its text.
 */
export function useSchemaForm<Values extends Record<string, unknown>>(
  loadSchema: () => Promise<FormSchema>,
  initialValues: Values,
  {
    requiredWhenEmpty = [],
  }: {
    /** Fields (selects) whose schema message for an empty value reads better as "required". */
    requiredWhenEmpty?: readonly (keyof Values & string)[];
  } = {},
): SchemaForm<Values> {
  // Re-renders on a language change, so messages show in the new language.
  useTranslation();
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const valuesRef = useRef(values);
  const errorsRef = useRef(errors);
  const schemaRef = useRef<Promise<FormSchema> | null>(null);
  // The code and values of each field's message the schema wrote (errors holds its English text).
  const codes = useRef(new Map<string, ErrorCodeOf>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const shown = useRef(new Set<string>());
  // The loader of the first render is kept: the schema is loaded once per form.
  const [load] = useState(() => loadSchema);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  // The translations of the messages come with the schema.
  const schema = useCallback(
    () => (schemaRef.current ??= Promise.all([load(), loadMessages()]).then(([loaded]) => loaded)),
    [load],
  );

  /**
   * Checks the current values: `take(path)` answers a field's message (undefined when it passes) and notes its
   * code; `paths` are the fields refused.
   */
  const check = useCallback(async () => {
    const issues = await firstIssues(await schema(), valuesRef.current);
    // The reader of codes holds the whole catalog: loaded with the first refusal, not with every form.
    const codeOf = Object.keys(issues).length ? (await import('./form-codes')).codeOfIssue : () => undefined;
    const take = (path: string) => {
      const issue = issues[path];
      const coded = issue && codeOf(issue);
      if (coded) codes.current.set(path, coded);
      else codes.current.delete(path);
      return issue?.message;
    };
    return { take, paths: Object.keys(issues) };
  }, [schema]);

  const updateErrors = useCallback((next: FieldErrors) => {
    errorsRef.current = next;
    setErrors(next);
  }, []);

  /** Re-checks some fields against the current values; other fields keep their messages. */
  const validateFields = useCallback(
    async (paths: readonly string[]) => {
      const { take } = await check();
      const next = { ...errorsRef.current };
      for (const path of paths) next[path] = take(path);
      updateErrors(next);
    },
    [check, updateErrors],
  );

  const setFieldValue = useCallback(
    <K extends keyof Values & string>(path: K, value: Values[K]) => {
      valuesRef.current = { ...valuesRef.current, [path]: value };
      setValues(valuesRef.current);
      // The changed field and any field showing a message (a confirmation may now match).
      const paths = [path, ...Object.keys(errorsRef.current).filter((key) => errorsRef.current[key])];
      // Typing hides the field's message at once (it comes back, debounced, if still wrong): a message
      // vanishing later, on blur, would move the submit button away from under the pointer.
      if (errorsRef.current[path]) updateErrors({ ...errorsRef.current, [path]: undefined });
      clearTimeout(timers.current.get(path));
      timers.current.set(
        path,
        setTimeout(() => void validateFields(paths).catch(() => {}), CHANGE_DEBOUNCE_MS),
      );
    },
    [validateFields, updateErrors],
  );

  const setFieldError = useCallback(
    (path: string, message: string | undefined) => {
      codes.current.delete(path);
      updateErrors({ ...errorsRef.current, [path]: message });
    },
    [updateErrors],
  );

  const fieldError = (path: string) => {
    shown.current.add(path);
    const message = errors[path];
    if (!message) return undefined;
    if (values[path] === '' && requiredWhenEmpty.includes(path as keyof Values & string))
      return codedText({ code: 'required' }, MESSAGES.required);
    return codedText(codes.current.get(path), message);
  };

  const fieldProps = (path: keyof Values & string, checkbox: boolean) => ({
    name: path,
    error: fieldError(path),
    onChange: (eventOrValue: unknown) =>
      setFieldValue(path, valueOf(eventOrValue, checkbox) as Values[keyof Values & string]),
    onBlur: (event?: FocusEvent<HTMLElement>) => {
      clearTimeout(timers.current.get(path));
      // Leaving the field for the submit button: the submit validates everything. A message
      // appearing now would shift the button from under the pointer and swallow the click,
      // which is also why other blurs wait a moment before showing one.
      if ((event?.relatedTarget as HTMLButtonElement | null)?.type === 'submit') return;
      timers.current.set(
        path,
        setTimeout(() => void validateFields([path]).catch(() => {}), BLUR_DELAY_MS),
      );
    },
  });
  const getInputProps = <K extends keyof Values & string>(path: K): InputProps<Values[K]> => ({
    ...fieldProps(path, false),
    value: values[path],
  });
  const getCheckboxProps = (path: keyof Values & string): CheckboxProps => ({
    ...fieldProps(path, true),
    checked: Boolean(values[path]),
  });

  const onSubmit = (handler: (values: Values) => unknown) => (event?: FormEvent) => {
    event?.preventDefault();
    timers.current.forEach((timer) => clearTimeout(timer));
    setSubmitting(true);
    void (async () => {
      try {
        const { take, paths } = await check();
        codes.current.clear();
        const found: FieldErrors = Object.fromEntries(paths.map((path) => [path, take(path)]));
        updateErrors(found);
        if (Object.values(found).some(Boolean)) return;
        await handler(valuesRef.current);
      } catch (error) {
        // The handlers catch the API's errors; this is the schema chunk failing to load and the like.
        notifyError(errorText(error));
      } finally {
        setSubmitting(false);
      }
    })();
  };

  return {
    values,
    errors,
    submitting,
    setFieldValue,
    setFieldError,
    fieldError,
    isShown: (path) => shown.current.has(path),
    getInputProps,
    getCheckboxProps,
    onSubmit,
    formProps: { onFocus: () => void schema(), noValidate: true },
  };
}

/**
 * Puts a 422's field messages onto the form's fields. Returns the messages of fields the form does
 * not show (a value without an input, such as the kind of a bonus submission, or none at all),
 * translated (for the error modal), so no refusal goes unseen.
 */
export function applyServerErrors<Values extends Record<string, unknown>>(
  form: SchemaForm<Values>,
  error: ApiError,
): string[] {
  const unmapped: string[] = [];
  // Translated by their codes here: the form shows a text it does not know as it is.
  for (const [field, messages] of Object.entries(fieldErrorTexts(error))) {
    const first = messages[0];
    if (first === undefined) continue;
    if (form.isShown(field)) form.setFieldError(field, first);
    else unmapped.push(...messages);
  }
  return unmapped;
}
