// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SchemaForm } from './schema-form';
import { validate, type JsonSchema } from './schema-model';

const schema: JsonSchema = {
  type: 'object',
  required: ['title'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 5 },
    enabled: { type: 'boolean' },
  },
};

let latest: unknown;

function Harness() {
  const [value, setValue] = useState<unknown>({ title: 'Shop' });
  latest = value;
  return (
    <MantineProvider>
      <SchemaForm
        schema={schema}
        value={value}
        onChange={setValue}
        errors={validate(schema, value)}
      />
    </MantineProvider>
  );
}

afterEach(cleanup);

describe('SchemaForm', () => {
  it('edits the value and shows the error under the field as one types', () => {
    render(<Harness />);
    const title = screen.getByLabelText(/Title/) as HTMLInputElement;
    expect(title.value).toBe('Shop');
    act(() => {
      fireEvent.change(title, { target: { value: 'Shoppers' } });
    });
    expect(latest).toEqual({ title: 'Shoppers' });
    expect(screen.getByText('Title is 8 characters long; at most 5')).toBeTruthy();
    act(() => {
      fireEvent.click(screen.getByLabelText('Enabled'));
    });
    expect(latest).toEqual({ title: 'Shoppers', enabled: true });
  });

  it('edits the part of the value at `path`, leaving the rest alone', () => {
    let part: unknown;
    function PartHarness() {
      const [value, setValue] = useState<unknown>({ title: 'Outer', items: [{ title: 'Inner' }] });
      part = value;
      return (
        <MantineProvider>
          <SchemaForm schema={schema} path={['items', '0']} value={value} onChange={setValue} />
        </MantineProvider>
      );
    }
    render(<PartHarness />);
    const title = screen.getByLabelText(/Title/) as HTMLInputElement;
    expect(title.value).toBe('Inner');
    act(() => {
      fireEvent.change(title, { target: { value: 'Other' } });
    });
    expect(part).toEqual({ title: 'Outer', items: [{ title: 'Other' }] });
  });
});
