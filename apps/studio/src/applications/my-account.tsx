import { Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { errorMessage, unwrap } from '../api/errors';
import { tokenStore } from '../auth/token-store';

/**
 * The signed-in admin's own account: change the password (which signs every other device out),
 * or sign out everywhere, this browser included.
 */
export function MyAccount() {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/v1/admin/password', {
          body: { current_password: current, new_password: next },
        }),
      ),
    onSuccess: () => {
      setCurrent('');
      setNext('');
    },
  });
  const everywhere = useMutation({
    mutationFn: () => unwrap(api.POST('/v1/admin/logout-everywhere')),
    onSuccess: () => {
      // This session ended with the others: back to the sign-in page.
      tokenStore.set(null);
      queryClient.clear();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate();
  }

  return (
    <Stack component="section" aria-labelledby="my-account">
      <Title order={3} id="my-account">
        Your account
      </Title>
      <form onSubmit={submit} aria-label="Change your password">
        <Stack gap="xs" maw={420}>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(event) => setCurrent(event.currentTarget.value)}
          />
          <PasswordInput
            label="New password"
            description="At least 10 characters. Your other devices are signed out."
            autoComplete="new-password"
            required
            minLength={10}
            value={next}
            onChange={(event) => setNext(event.currentTarget.value)}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
      {change.isSuccess && (
        <Text role="status">
          Password changed. Your other devices are signed out; this one stays signed in.
        </Text>
      )}
      {change.error && (
        <Text c="red" role="alert">
          {errorMessage(change.error)}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          loading={everywhere.isPending}
          onClick={() => everywhere.mutate()}
        >
          Sign out everywhere
        </Button>
        <Text size="sm" c="dimmed">
          Ends every session of yours, on every device, this one included.
        </Text>
      </Group>
      {everywhere.error && (
        <Text c="red" role="alert">
          {errorMessage(everywhere.error)}
        </Text>
      )}
    </Stack>
  );
}
