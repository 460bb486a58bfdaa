import { Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { DataTable } from '../components/data-table';
import { Empty, QueryView } from '../components/states';

/** A share as a whole percentage, or a dash when nothing was judged. */
function percent(part: number, whole: number): string {
  return whole === 0 ? '—' : `${Math.round((part / whole) * 100)}%`;
}

/**
 * The success rate of each criterion the scenarios declare, over conversations started in
 * [from, to): successes among the conversations judged success or failure; unknowns apart.
 */
export function CriteriaRates({
  from,
  to,
  scenarioId,
}: {
  from: string;
  to: string;
  scenarioId?: number | undefined;
}) {
  const query = { from, to, ...(scenarioId ? { scenario_id: scenarioId } : {}) };
  const rates = useQuery({
    queryKey: ['criteria-rates', query],
    queryFn: () => unwrap(api.GET('/v1/admin/stats/criteria', { params: { query } })),
  });
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Success criteria
      </Title>
      <QueryView what="the criteria" query={rates}>
        {(data) =>
          data.criteria.length === 0 ? (
            <Empty title="No criteria judged">
              Declare success criteria in a scenario’s “After the call” tab: each ended conversation
              is judged on them.
            </Empty>
          ) : (
            <DataTable
              rows={data.criteria}
              rowKey={(criterion) => criterion.name}
              columns={[
                { header: 'Criterion', cell: (criterion) => <code>{criterion.name}</code> },
                {
                  header: 'Success rate',
                  cell: (criterion) => {
                    const judged = criterion.success + criterion.failure;
                    const rate = percent(criterion.success, judged);
                    return (
                      <Stack gap={2}>
                        <Text size="sm">{rate}</Text>
                        {judged > 0 && (
                          <Progress
                            value={(criterion.success / judged) * 100}
                            aria-label={`${criterion.name} success rate ${rate}`}
                          />
                        )}
                      </Stack>
                    );
                  },
                },
                { header: 'Success', cell: (criterion) => criterion.success },
                { header: 'Failure', cell: (criterion) => criterion.failure },
                { header: 'Unknown', cell: (criterion) => criterion.unknown },
              ]}
            />
          )
        }
      </QueryView>
    </Stack>
  );
}
