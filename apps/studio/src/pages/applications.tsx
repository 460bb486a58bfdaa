import { Accordion, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { createLazyRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useApplications } from '../api/queries';
import { Admins } from '../applications/admins';
import { ApplicationPublications } from '../applications/application-publications';
import { ApiKeys } from '../applications/api-keys';
import { Credentials } from '../applications/credentials';
import { WebhookSecrets } from '../applications/webhook-secrets';
import { PostCallWebhook } from '../applications/post-call-webhook';
import { ApplicationForm } from '../applications/application-form';
import { MyAccount } from '../applications/my-account';
import { QueryList } from '../components/states';

/** The company's applications (origins, limits), its API keys and its admins, and your account. */
function ApplicationsPage() {
  const [creating, setCreating] = useState(false);
  const applications = useApplications();
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Applications</Title>
        <Button onClick={() => setCreating(true)}>New application</Button>
      </Group>
      <Text size="sm" c="dimmed">
        An application is a site that embeds the agent: its scenarios, the origins allowed to start
        sessions, and its limits. Open one for its publications and their embed snippets.
      </Text>
      <QueryList
        what="applications"
        query={applications}
        rows={(data) => data.applications}
        empty={{
          title: 'No applications yet',
          text: 'Create one for the site that embeds the agent.',
        }}
      >
        {(rows) => (
          <Accordion variant="separated">
            {rows.map((application) => (
              <Accordion.Item key={application.id} value={String(application.id)}>
                <Accordion.Control>
                  {application.name}
                  <Text span size="sm" c="dimmed" ml="sm">
                    {application.allowed_origins.join(', ') || 'no origins allowed yet'}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack>
                    <ApplicationForm application={application} />
                    <ApplicationPublications applicationId={application.id} />
                    <PostCallWebhook applicationId={application.id} />
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </QueryList>
      <ApiKeys />
      <Credentials />
      <WebhookSecrets />
      <Admins />
      <MyAccount />
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={creating}
        onClose={() => setCreating(false)}
        title="New application"
      >
        <ApplicationForm onDone={() => setCreating(false)} />
      </Modal>
    </Stack>
  );
}

/** The applications page's lazily loaded part. */
export const Route = createLazyRoute('/_studio/applications')({ component: ApplicationsPage });
