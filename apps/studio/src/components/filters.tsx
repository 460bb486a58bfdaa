import { Select, TextInput } from '@mantine/core';
import { useScenarios } from '../api/queries';

/** Picks one of the company's scenarios, or none for all. */
export function ScenarioFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange(value: string | null): void;
}) {
  const scenarios = useScenarios();
  return (
    <Select
      label="Scenario"
      clearable
      placeholder="All"
      data={(scenarios.data?.scenarios ?? []).map((scenario) => ({
        value: String(scenario.id),
        label: scenario.name,
      }))}
      value={value}
      onChange={onChange}
    />
  );
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
