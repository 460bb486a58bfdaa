import { AppShell, Button, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, Outlet, useRouterState } from '@tanstack/react-router';
import { api } from './api/client';
import { unwrap } from './api/errors';
import { tokenStore } from './auth/token-store';
import { useToken } from './auth/use-token';

const NAVIGATION = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/scenarios', label: 'Scenarios' },
  { to: '/collections', label: 'Collections' },
  { to: '/knowledge', label: 'Knowledge' },
  { to: '/conversations', label: 'Conversations' },
  { to: '/applications', label: 'Applications, keys, admins' },
] as const;

/** The frame of every signed-in page: navigation, who is signed in, sign out. */
export function StudioShell() {
  const token = useToken();
  const queryClient = useQueryClient();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const me = useQuery({
    queryKey: ['me'],
    queryFn: () => unwrap(api.GET('/v1/admin/me')),
    enabled: token !== null,
  });
  // The token went away (sign-out, or a 401 forgot it): back to the sign-in page.
  if (!token) return <Navigate to="/sign-in" search={{ redirect: pathname }} />;
  const who = me.data;

  async function signOut() {
    // The session ends on the server too; the token is forgotten even if that call fails.
    await api.POST('/v1/admin/logout').catch(() => undefined);
    tokenStore.set(null);
    queryClient.clear();
  }

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm' }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Title order={1} size="h4">
            Svc Studio
          </Title>
          <Group gap="sm">
            {who?.admin?.email && (
              <Text size="sm" c="dimmed">
                {who.company?.name ? `${who.company.name}: ` : ''}
                {who.admin.email}
              </Text>
            )}
            <Button size="xs" variant="default" onClick={() => void signOut()}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Studio">
        <Stack gap={2}>
          {NAVIGATION.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              active={pathname.startsWith(item.to)}
              // Filled: the light variant's blue on pale blue is under 4.5:1 contrast.
              variant="filled"
            />
          ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
