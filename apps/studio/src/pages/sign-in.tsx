import {
  Alert,
  Anchor,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { createLazyRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { ApiError, errorMessage, unwrap } from '../api/errors';
import { requestSchema } from '../api/types';
import { tokenStore } from '../auth/token-store';
import { validate } from '../schema-form/schema-model';

const loginSchema = requestSchema('post /v1/admin/login');
const signUpSchema = requestSchema('post /v1/admin/signup');

/** What the failed sign-in or sign-up should tell the admin. */
function failureText(error: unknown, signingUp: boolean): string {
  if (error instanceof ApiError && error.status === 401) return 'Wrong email or password';
  if (error instanceof ApiError && error.status === 403 && signingUp)
    return 'Sign-up is off on this server: ask an admin of your company to add you';
  return errorMessage(error);
}

/**
 * Sign in with an admin's email and password, or create a company and its first admin; the
 * session token is kept for later visits.
 */
function SignInPage() {
  const navigate = useNavigate();
  const search = useSearch({ from: '/sign-in' });
  const [signingUp, setSigningUp] = useState(false);
  const [companyName, setCompanyName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const body = signingUp ? { company_name: companyName, email, password } : { email, password };
  const schema = signingUp ? signUpSchema : loginSchema;
  const errors = touched ? validate(schema, body) : {};
  const submitForm = useMutation({
    mutationFn: () =>
      signingUp
        ? unwrap(
            api.POST('/v1/admin/signup', { body: { company_name: companyName, email, password } }),
          )
        : unwrap(api.POST('/v1/admin/login', { body: { email, password } })),
    onSuccess: async (session) => {
      tokenStore.set(session.token);
      await navigate({ to: search.redirect?.startsWith('/') ? search.redirect : '/scenarios' });
    },
  });
  const apiError = submitForm.error instanceof ApiError ? submitForm.error : undefined;
  if (apiError?.field) errors[apiError.field] = apiError.detail;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(validate(schema, body)).length === 0) submitForm.mutate();
  }

  return (
    <Center mih="100vh">
      <Paper withBorder p="xl" w={400} component="main">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={1} size="h3">
              {signingUp ? 'Create your company in Svc Studio' : 'Sign in to Svc Studio'}
            </Title>
            {submitForm.error && !apiError?.field && (
              <Alert color="red" role="alert">
                {failureText(submitForm.error, signingUp)}
              </Alert>
            )}
            {signingUp && (
              <TextInput
                label="Company name"
                autoComplete="organization"
                value={companyName}
                error={errors.company_name}
                onChange={(event) => setCompanyName(event.currentTarget.value)}
                withAsterisk
              />
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              value={email}
              error={errors.email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              withAsterisk
            />
            <PasswordInput
              label="Password"
              autoComplete={signingUp ? 'new-password' : 'current-password'}
              value={password}
              error={errors.password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              withAsterisk
            />
            <Button type="submit" loading={submitForm.isPending}>
              {signingUp ? 'Create company' : 'Sign in'}
            </Button>
            <Text size="sm" ta="center">
              {signingUp ? 'Already have an account? ' : 'New here? '}
              <Anchor
                component="button"
                type="button"
                onClick={() => {
                  setSigningUp(!signingUp);
                  setTouched(false);
                  submitForm.reset();
                }}
              >
                {signingUp ? 'Sign in' : 'Create a company'}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

/** The sign-in page's lazily loaded part. */
export const Route = createLazyRoute('/sign-in')({ component: SignInPage });
