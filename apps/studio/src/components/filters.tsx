import { Select, TextInput } from '@mantine/core';
import { useApplications, useScenarios } from '../api/queries';

/** What a filter picker takes: the picked id (null for all) and where a change goes. */
interface FilterProps {
  value: string | null;
  onChange(value: string | null): void;
}

/** One of `records`, by id, or none for all. */
function PickOne({
  label,
  records,
  value,
  onChange,
}: FilterProps & { label: string; records: readonly { id: number; name: string }[] }) {
  return (
    <Select
      label={label}
      clearable
      placeholder="All"
      data={records.map((record) => ({ value: String(record.id), label: record.name }))}
      value={value}
      onChange={onChange}
    />
  );
}

/** Picks one of the company's scenarios, or none for all. */
export function ScenarioFilter(props: FilterProps) {
  const scenarios = useScenarios();
  return <PickOne label="Scenario" records={scenarios.data?.scenarios ?? []} {...props} />;
}

/** Picks one of the company's applications, or none for all. */
export function ApplicationFilter(props: FilterProps) {
  const applications = useApplications();
  return <PickOne label="Application" records={applications.data?.applications ?? []} {...props} />;
}

/** A `From` and a `To` day input. */
export function DayRange({
  from,
  to,
  onFrom,
  onTo,
}: {
  from: string;
  to: string;
  onFrom(day: string): void;
  onTo(day: string): void;
}) {
  return (
    <>
      <TextInput
        label="From"
        type="date"
        value={from}
        onChange={(event) => onFrom(event.currentTarget.value)}
      />
      <TextInput
        label="To"
        type="date"
        value={to}
        onChange={(event) => onTo(event.currentTarget.value)}
      />
    </>
  );
}
