import { Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { requestSchema, type Application, type RequestBody } from '../api/types';
import { RequestForm } from '../components/request-form';
import { defaultsOf } from '../schema-form/schema-model';

const createSchema = requestSchema('post /v1/admin/applications');
const patchSchema = requestSchema('patch /v1/admin/applications/{id}');

/**
 * Creates an application, or changes one: its name, the origins whose pages may start sessions,
 * its limits and how long it keeps conversations, all from the API's own request schema.
 */
export function ApplicationForm({
  application,
  onDone,
}: {
  application?: Application;
  onDone?(): void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<unknown>(() =>
    application
      ? {
          name: application.name,
          allowed_origins: application.allowed_origins,
          limits: application.limits,
          retention_days: application.retention_days,
        }
      : defaultsOf(createSchema),
  );
  const save = useMutation({
    mutationFn: () =>
      application
        ? unwrap(
            api.PATCH('/v1/admin/applications/{id}', {
              params: { path: { id: application.id } },
              body: keepingWhenEmpty(draft as RequestBody<'/v1/admin/applications/{id}', 'patch'>),
            }),
          )
        : unwrap(
            api.POST('/v1/admin/applications', {
              body: draft as RequestBody<'/v1/admin/applications', 'post'>,
            }),
          ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['applications'] });
      onDone?.();
    },
  });
  return (
    <RequestForm
      schema={application ? patchSchema : createSchema}
      value={draft}
      onChange={setDraft}
      mutation={save}
      submitLabel={application ? 'Save' : 'Create'}
      {...(onDone ? { onCancel: onDone } : {})}
      idPrefix={application ? `application-${application.id}-` : 'new-application-'}
      checkAtOnce={Boolean(application)}
      footnote={
        <Text size="xs" c="dimmed">
          Allowed origins: the pages that may start sessions, e.g. https://shop.example.com (press
          Enter after each). Retention days: how long an ended conversation and its messages are
          kept; empty keeps them.
        </Text>
      }
    />
  );
}

/**
 * The change with an emptied retention sent as null: an emptied number field has no value, which
 * a PATCH would read as "leave it", while the admin who empties it means "keep everything".
 */
function keepingWhenEmpty(
  body: RequestBody<'/v1/admin/applications/{id}', 'patch'>,
): RequestBody<'/v1/admin/applications/{id}', 'patch'> {
  return { ...body, retention_days: body.retention_days ?? null };
}
