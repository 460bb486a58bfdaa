import { Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { errorMessage, unwrap } from '../api/errors';
import { requestSchema, type RequestBody } from '../api/types';
import { DataTable } from '../components/data-table';
import { RequestForm } from '../components/request-form';
import { QueryView } from '../components/states';
import { DangerButton } from '../components/danger-button';

const adminSchema = requestSchema('post /v1/admin/admins');

/** The company's admins: add one with a first password, remove one (never the last). */
export function Admins() {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<unknown>({});
  const admins = useQuery({
    queryKey: ['admins'],
    queryFn: () => unwrap(api.GET('/v1/admin/admins')),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admins'] });
  const add = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/v1/admin/admins', { body: draft as RequestBody<'/v1/admin/admins', 'post'> }),
      ),
    onSuccess: async () => {
      setDraft({});
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      unwrap(api.DELETE('/v1/admin/admins/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
  return (
    <Stack>
      <Title order={3}>Admins</Title>
      <QueryView what="admins" query={admins}>
        {(data) => (
          <DataTable
            rows={data.admins}
            rowKey={(admin) => admin.id}
            columns={[
              { header: 'Email', cell: (admin) => admin.email },
              { header: 'Added', cell: (admin) => new Date(admin.created_at).toLocaleString() },
              {
                header: '',
                cell: (admin) => (
                  <DangerButton
                    onClick={() => {
                      if (window.confirm(`Remove the admin ${admin.email}?`))
                        remove.mutate(admin.id);
                    }}
                  >
                    Remove
                  </DangerButton>
                ),
              },
            ]}
          />
        )}
      </QueryView>
      {remove.error && (
        <Text c="red" role="alert">
          {errorMessage(remove.error)}
        </Text>
      )}
      <RequestForm
        schema={adminSchema}
        value={draft}
        onChange={setDraft}
        mutation={add}
        submitLabel="Add admin"
        idPrefix="new-admin-"
      />
    </Stack>
  );
}
