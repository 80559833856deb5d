import { loginRequestSchema, MESSAGES, PRODUCT_NAME } from '@ateliermarkt/contract';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ChangeEvent, type FormEvent, lazy, Suspense, useMemo, useState } from 'react';
import { BrandLogo } from '../../../components/brand-mark.tsx';
import { session } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { type FieldErrors, zodResolver } from '../../../lib/zod-resolver.ts';
import { useAvailableTenants } from '../api/get-available-tenants.ts';
import { useLogin } from '../api/login.ts';
import { loginErrorMessage } from './login-error.ts';

const ForgotPasswordModal = lazy(() =>
  import('./forgot-password-modal.tsx').then((m) => ({ default: m.ForgotPasswordModal })),
);

/** The picker's value for 'no workshop': log in at the host, without the tenant header. */
export const HOST_OPTION = 'host';

export type LoginPageProps = {
  /** A line shown above the form, e.g. that the session expired. */
  notice?: string | null;
};

type LoginFields = { userNameOrEmailAddress: string; password: string };

const validateLogin = zodResolver(loginRequestSchema);

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
  const onSubmit = (handle: (values: LoginFields) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length === 0) handle(values);
  };
  return { values, field, onSubmit };
}

export function LoginPage({ notice }: LoginPageProps) {
  useDocumentTitle();
  const tenants = useAvailableTenants();
  const login = useLogin();
  const [forgotOpened, forgot] = useDisclosure(false);
  const [tenantChoice, setTenantChoice] = useState<string>(() => session.getTenantId() ?? HOST_OPTION);

  const options = useMemo(
    () => [
      { value: HOST_OPTION, label: 'Geen atelier' },
      ...(tenants.data ?? []).map((t) => ({ value: t.id, label: t.name })),
    ],
    [tenants.data],
  );
  // A remembered workshop that no longer exists falls back to the host.
  const tenantValue = options.some((o) => o.value === tenantChoice) || tenants.isPending ? tenantChoice : HOST_OPTION;
  const tenantId = tenantValue === HOST_OPTION ? null : tenantValue;
  // What is typed in the picker; null shows the chosen workshop's name (also after choosing the same one again).
  const [search, setSearch] = useState<string | null>(null);
  const searchValue = search ?? options.find((o) => o.value === tenantValue)?.label ?? '';

  const form = useLoginFields();

  const chooseTenant = (value: string | null) => {
    const next = value ?? HOST_OPTION;
    setTenantChoice(next);
    session.setTenantId(next === HOST_OPTION ? null : next);
  };

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

      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }}>
        <form
          noValidate
          aria-label="Inloggen"
          onSubmit={form.onSubmit((values) => login.mutate({ ...values, tenantId }))}
        >
          <Stack gap="md">
            {notice && (
              <Alert color="terracotta" variant="light" role="status">
                {notice}
              </Alert>
            )}
            <Select
              label="Atelier"
              description="Kies je atelier, of 'Geen atelier' als platformbeheerder."
              data={options}
              value={tenantValue}
              onChange={chooseTenant}
              searchable
              searchValue={searchValue}
              onSearchChange={setSearch}
              onOptionSubmit={() => setSearch(null)}
              onBlur={() => setSearch(null)}
              allowDeselect={false}
              nothingFoundMessage="Geen atelier gevonden"
              error={tenants.isError ? MESSAGES.tenantsLoadFailed : undefined}
              comboboxProps={{ shadow: 'md' }}
            />
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
            tenantId={tenantId}
            initialEmail={form.values.userNameOrEmailAddress}
          />
        </Suspense>
      )}
    </>
  );
}
