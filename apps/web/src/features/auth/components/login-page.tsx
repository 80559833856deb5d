import { MESSAGES, PRODUCT_NAME, type SecondStepResponse } from '@ateliermarkt/contract';
import { Alert, Anchor, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ChangeEvent, type FormEvent, lazy, Suspense, useMemo, useState, useSyncExternalStore } from 'react';
import { BrandLogo } from '../../../components/brand-mark.tsx';
import { reportInvalidForm } from '../../../components/form-feedback.ts';
import { loadFirstScreenSchemas } from '../../../lib/load-first-screen-schemas.ts';
import { session } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { type FieldErrors, zodResolver } from '../../../lib/zod-resolver.ts';
import { useAvailableWorkshops } from '../api/get-available-workshops.ts';
import { isTokens, useLogin } from '../api/login.ts';
import { loginErrorMessage } from './login-error.ts';

const WorkshopPicker = lazy(() => import('./workshop-picker.tsx').then((m) => ({ default: m.WorkshopPicker })));

/** The second log-in step: its own chunk, loaded only for an account that has one. */
const SecondStep = lazy(() => import('./second-step.tsx').then((m) => ({ default: m.SecondStep })));

const ForgotPasswordModal = lazy(() =>
  import('./forgot-password-modal.tsx').then((m) => ({ default: m.ForgotPasswordModal })),
);

const PICKER_LABEL = 'Atelier';
const PICKER_DESCRIPTION = "Kies je atelier, of 'Geen atelier' als platformbeheerder.";

/**
 * The up-and-down chevron of Mantine's Select, for the stand-in field while the picker's chunk loads: the same
 * shape in two short strokes rather than Mantine's outline path (half a KB of the log-in screen's first download).
 */
function PickerChevron() {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" fill="none" aria-hidden="true" style={{ opacity: 0.6 }}>
      <path
        d="M5.25 5.75 7.5 3.5l2.25 2.25M5.25 9.25 7.5 11.5l2.25-2.25"
        stroke="currentColor"
        strokeWidth={0.9}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The picker's value for 'no workshop': log in at the host, without the tenant header. */
export const HOST_OPTION = 'host';

/**
 * Whether React runs in a browser: false in the prerendered page (scripts/prerender.ts) and while hydrating it, then
 * true. The first render of the hydration must equal the prerendered markup, which knows no local storage.
 */
const subscribeNothing = () => () => undefined;
const inBrowser = () => true;
const prerendered = () => false;

export type LoginPageProps = {
  /** A line shown above the form, e.g. that the session expired. */
  notice?: string | null;
};

type LoginFields = { userNameOrEmailAddress: string; password: string };

/** The contract's schema, loaded at the first submit (with zod, not part of the log-in screen's first download). */
async function validateLogin(values: LoginFields): Promise<FieldErrors> {
  return zodResolver((await loadFirstScreenSchemas()).loginRequestSchema)(values);
}

/**
 * Two fields need no form library (the log-in screen is the first download; @mantine/form loads with the other
 * screens): the contract's schema validates on submit, typing in a field clears its error.
 */
function useLoginFields() {
  const [values, setValues] = useState<LoginFields>({ userNameOrEmailAddress: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const field = (name: keyof LoginFields) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
  });
  const onSubmit = (handle: (values: LoginFields) => void) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const root = event.currentTarget;
    const found = await validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length === 0) handle(values);
    else reportInvalidForm(root, found);
  };
  return { values, field, onSubmit };
}

export function LoginPage({ notice }: LoginPageProps) {
  useDocumentTitle();
  const workshops = useAvailableWorkshops();
  const login = useLogin();
  const [forgotOpened, forgot] = useDisclosure(false);
  const [step, setStep] = useState<{ answer: SecondStepResponse; tenantId: string | null } | null>(null);
  const scripted = useSyncExternalStore(subscribeNothing, inBrowser, prerendered);
  // The workshop chosen here, else the one remembered (local storage) once React runs in the browser.
  const [chosen, setChosen] = useState<string | null>(null);
  const workshopChoice = chosen ?? (scripted ? (session.getTenantId() ?? HOST_OPTION) : HOST_OPTION);

  const options = useMemo(
    () => [
      { value: HOST_OPTION, label: 'Geen atelier' },
      ...(workshops.data ?? []).map((t) => ({ value: t.id, label: t.name })),
    ],
    [workshops.data],
  );
  // A remembered workshop that no longer exists falls back to the host.
  const workshopValue =
    options.some((o) => o.value === workshopChoice) || workshops.isPending ? workshopChoice : HOST_OPTION;
  const workshopId = workshopValue === HOST_OPTION ? null : workshopValue;
  // What is typed in the picker; null shows the chosen workshop's name (also after choosing the same one again).
  const [search, setSearch] = useState<string | null>(null);
  const searchValue = search ?? options.find((o) => o.value === workshopValue)?.label ?? '';

  const form = useLoginFields();

  const chooseWorkshop = (value: string | null) => {
    const next = value ?? HOST_OPTION;
    setChosen(next);
    session.setTenantId(next === HOST_OPTION ? null : next);
  };
  // Until the picker's chunk is there, and in the prerendered page (which has no script to make a picker work), a
  // read-only field of the same size: the picker shows once React runs, as before prerendering.
  const pickerStandIn = (
    <TextInput
      label={PICKER_LABEL}
      description={PICKER_DESCRIPTION}
      value={searchValue}
      readOnly
      rightSection={<PickerChevron />}
      rightSectionPointerEvents="none"
    />
  );

  return (
    <>
      <Stack align="center" gap="xs">
        <BrandLogo size="lg" />
        <Title order={1} ta="center" fz={34} c="terracotta.8">
          {PRODUCT_NAME}
        </Title>
        <Text c="dimmed" ta="center">
          Log in om je atelier, producten en reserveringen te beheren.
        </Text>
      </Stack>

      {step && (
        <Suspense fallback={null}>
          <SecondStep
            step={step.answer}
            tenantId={step.tenantId}
            onCancel={() => {
              setStep(null);
              login.reset();
            }}
          />
        </Suspense>
      )}

      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }} display={step ? 'none' : undefined}>
        <form
          noValidate
          aria-label="Inloggen"
          onSubmit={form.onSubmit((values) =>
            login.mutate(
              { ...values, tenantId: workshopId },
              { onSuccess: (answer) => (isTokens(answer) ? undefined : setStep({ answer, tenantId: workshopId })) },
            ),
          )}
        >
          <Stack gap="md">
            {notice && (
              <Alert color="terracotta" variant="light" role="status">
                {notice}
              </Alert>
            )}
            {scripted ? (
              <Suspense fallback={pickerStandIn}>
                <WorkshopPicker
                  label={PICKER_LABEL}
                  description={PICKER_DESCRIPTION}
                  data={options}
                  value={workshopValue}
                  onChange={chooseWorkshop}
                  searchable
                  searchValue={searchValue}
                  onSearchChange={setSearch}
                  onOptionSubmit={() => setSearch(null)}
                  onBlur={() => setSearch(null)}
                  allowDeselect={false}
                  nothingFoundMessage="Geen atelier gevonden"
                  error={workshops.isError ? MESSAGES.tenantsLoadFailed : undefined}
                  comboboxProps={{ shadow: 'md' }}
                />
              </Suspense>
            ) : (
              pickerStandIn
            )}
            <TextInput
              label="E-mailadres of gebruikersnaam"
              autoComplete="username"
              {...form.field('userNameOrEmailAddress')}
            />
            <PasswordInput label="Wachtwoord" autoComplete="current-password" {...form.field('password')} />

            {login.isError && (
              <Alert color="red" variant="light" title={MESSAGES.loginErrorTitle} role="alert">
                {loginErrorMessage(login.error)}
              </Alert>
            )}

            <Button type="submit" size="md" fullWidth loading={login.isPending} mt="xs">
              Inloggen
            </Button>
            <Group justify="center">
              <Anchor component="button" type="button" fz="sm" onClick={forgot.open}>
                Wachtwoord vergeten?
              </Anchor>
            </Group>
          </Stack>
        </form>
      </Paper>

      {forgotOpened && (
        <Suspense fallback={null}>
          <ForgotPasswordModal
            opened
            onClose={forgot.close}
            tenantId={workshopId}
            initialEmail={form.values.userNameOrEmailAddress}
          />
        </Suspense>
      )}
    </>
  );
}
