// The dashboard's charts, loaded on demand: recharts is most of the dashboard's weight, so its
// chunk is fetched when the first chart is drawn, and the page's numbers (tables, percentiles)
// show without waiting for it. Until a chart is there its place is held at the chart's height,
// so nothing below it moves when it arrives.
import { Center, Skeleton, Text } from '@mantine/core';
import { Component, lazy, Suspense, type ComponentProps, type ReactNode } from 'react';

const loadCharts = () => import('./charts');
const LazyConversationsPerDay = lazy(() =>
  loadCharts().then((charts) => ({ default: charts.ConversationsPerDayChart })),
);
const LazyTotals = lazy(() => loadCharts().then((charts) => ({ default: charts.TotalsChart })));

/**
 * Keeps a chart's place when its code could not be loaded (a dropped connection, or a deploy
 * that replaced the chunk), so the rest of the dashboard stays.
 */
class ChartBoundary extends Component<{ h: number; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Center h={this.props.h}>
        <Text size="sm" c="dimmed">
          The chart could not be loaded; reload the page to try again.
        </Text>
      </Center>
    );
  }
}

/** A chart's place, `h` pixels high, whether the chart is there, loading or failed. */
function ChartSlot({ h, children }: { h: number; children: ReactNode }) {
  return (
    <ChartBoundary h={h}>
      <Suspense fallback={<Skeleton h={h} />}>{children}</Suspense>
    </ChartBoundary>
  );
}

/** Conversations per day, one stacked area per publication (loaded on demand). */
export function ConversationsPerDayChart(props: ComponentProps<typeof LazyConversationsPerDay>) {
  return (
    <ChartSlot h={props.h}>
      <LazyConversationsPerDay {...props} />
    </ChartSlot>
  );
}

/** One bar per name, e.g. end reasons or tool calls (loaded on demand). */
export function TotalsChart(props: ComponentProps<typeof LazyTotals>) {
  return (
    <ChartSlot h={props.h}>
      <LazyTotals {...props} />
    </ChartSlot>
  );
}
